import type { ReactNode, SVGProps } from 'react';

/**
 * The app's icons: small inline SVGs on a 24 px grid, drawn with the current color.
 * (antd-mobile-icons carry a few kilobytes each; these are a few hundred bytes.)
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** The frame every icon is drawn in; a feature's own icons use it too. */
export function Svg({ children, className, ...props }: SVGProps<SVGSVGElement>): ReactNode {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
      className={className ? `icon ${className}` : 'icon'}
    >
      {children}
    </svg>
  );
}

export function IconBack(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M15 5l-7 7 7 7" />
    </Svg>
  );
}

export function IconRight(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M9 6l6 6-6 6" />
    </Svg>
  );
}

export function IconClose(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Svg>
  );
}

export function IconCheck(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Svg>
  );
}

export function IconHome(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 10.5L12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1z" />
    </Svg>
  );
}

export function IconTrade(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M7 4v16M17 4v16" />
      <rect x="4.5" y="7.5" width="5" height="8" rx="1" />
      <rect x="14.5" y="9" width="5" height="6" rx="1" />
    </Svg>
  );
}

export function IconCopyTrade(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M3 19.5c.6-3.3 3-5 6-5s5.4 1.7 6 5" />
      <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.6.7 2.7 2.3 3 4.7" />
    </Svg>
  );
}

export function IconWallet(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
      <rect x="4" y="8" width="16.5" height="11" rx="2" />
      <path d="M16.5 13.5h1" />
    </Svg>
  );
}

export function IconUser(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20c.9-3.8 3.8-6 7.5-6s6.6 2.2 7.5 6" />
    </Svg>
  );
}

export function IconUserCircle(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.6 18.2c1.2-2 3.1-3.2 5.4-3.2s4.2 1.2 5.4 3.2" />
    </Svg>
  );
}

export function IconDeposit(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5" />
      <path d="M5 19.5h14" />
    </Svg>
  );
}

export function IconWithdraw(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 15V4M7.5 8.5L12 4l4.5 4.5" />
      <path d="M5 19.5h14" />
    </Svg>
  );
}

export function IconInvite(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="10" cy="8.5" r="3.8" />
      <path d="M3.5 19.5c.8-3.4 3.3-5.5 6.5-5.5 1.4 0 2.7.4 3.7 1.1" />
      <path d="M18 13v6M15 16h6" />
    </Svg>
  );
}

export function IconNode(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="5.5" r="2" />
      <circle cx="5.5" cy="17.5" r="2" />
      <circle cx="18.5" cy="17.5" r="2" />
      <path d="M11 7.3L6.5 15.7M13 7.3l4.5 8.4M7.5 17.5h9" />
    </Svg>
  );
}

export function IconMiner(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="4" y="5" width="16" height="14" rx="2" />
      <path d="M8 9h8M8 12h8M8 15h4" />
    </Svg>
  );
}

export function IconGame(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M7 8h10a4 4 0 0 1 4 4v1.5a3 3 0 0 1-5.4 1.8L14.5 14h-5l-1.1 1.3A3 3 0 0 1 3 13.5V12a4 4 0 0 1 4-4z" />
      <path d="M8 10.5v3M6.5 12h3" />
      <path d="M16 11h.01M17.5 13h.01" />
    </Svg>
  );
}

export function IconStore(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M5 8h14l-1 11.5a1 1 0 0 1-1 .9H7a1 1 0 0 1-1-.9z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </Svg>
  );
}

export function IconCard(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </Svg>
  );
}

export function IconSpeaker(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 10v4h3l5 4V6L7 10z" />
      <path d="M15.5 9.5a3.5 3.5 0 0 1 0 5M18 7a7 7 0 0 1 0 10" />
    </Svg>
  );
}

export function IconDoc(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M6.5 3.5h7l4 4v12.5a.5.5 0 0 1-.5.5H7a.5.5 0 0 1-.5-.5z" />
      <path d="M13 3.5V8h4.5M9 12.5h5M9 16h5" />
    </Svg>
  );
}

export function IconAlert(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </Svg>
  );
}

export function IconBell(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </Svg>
  );
}

export function IconMail(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </Svg>
  );
}

export function IconDevice(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </Svg>
  );
}

export function IconClock(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </Svg>
  );
}

export function IconCopy(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
    </Svg>
  );
}

export function IconGlobe(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.6 5.5 3.6 9s-1.1 6.5-3.6 9c-2.5-2.5-3.6-5.5-3.6-9S9.5 5.5 12 3z" />
    </Svg>
  );
}

export function IconInfo(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </Svg>
  );
}

export function IconQuestion(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.3M12 16.8h.01" />
    </Svg>
  );
}

export function IconLink(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </Svg>
  );
}

export function IconKey(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l8.5-8.5M16.5 6.5l2.5 2.5M14.5 8.5l2 2" />
    </Svg>
  );
}

export function IconLock(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </Svg>
  );
}

export function IconShield(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 3.5l7 2.5v5.5c0 4.5-3 7.8-7 9-4-1.2-7-4.5-7-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </Svg>
  );
}

export function IconStar(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 4l2.4 5 5.4.6-4 3.7 1.1 5.4L12 16l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z" />
    </Svg>
  );
}

export function IconChart(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 19.5h16" />
      <path d="M5 15l4.5-4.5 3.5 3 6-6.5" />
      <path d="M15 7h4v4" />
    </Svg>
  );
}

export function IconCheckCircle(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l3 3 5-6" />
    </Svg>
  );
}

export function IconEye(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </Svg>
  );
}

export function IconEyeOff(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 4l16 16" />
      <path d="M9.9 6a9.7 9.7 0 0 1 2.1-.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.4M6.3 7.7A16 16 0 0 0 2.5 12s3.5 6.5 9.5 6.5a9 9 0 0 0 4-.9" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </Svg>
  );
}

export function IconSend(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M20.5 3.5L10 14" />
      <path d="M20.5 3.5l-6.5 17-4-6.5-6.5-4z" />
    </Svg>
  );
}

export function IconSwapVertical(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M8 4v15M4.5 7.5L8 4l3.5 3.5" />
      <path d="M16 20V5M12.5 16.5L16 20l3.5-3.5" />
    </Svg>
  );
}

export function IconExchange(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 8.5h15M15.5 5L19 8.5 15.5 12" />
      <path d="M20 15.5H5M8.5 12L5 15.5 8.5 19" />
    </Svg>
  );
}

export function IconRecords(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="5" y="3.5" width="14" height="17" rx="2" />
      <path d="M8.5 8h7M8.5 12h7M8.5 16h4" />
    </Svg>
  );
}

export function IconDown(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

export function IconSearch(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4 4" />
    </Svg>
  );
}

/** Two small triangles for sortable column heads; `dir` fills the active one. */
export function IconSort({ dir, ...props }: IconProps & { readonly dir: 'asc' | 'desc' | null }): ReactNode {
  return (
    <Svg viewBox="0 0 12 24" width="0.5em" strokeWidth={0} {...props}>
      <path d="M6 4l4 6H2z" fill="currentColor" opacity={dir === 'asc' ? 1 : 0.35} />
      <path d="M6 20l4-6H2z" fill="currentColor" opacity={dir === 'desc' ? 1 : 0.35} />
    </Svg>
  );
}

export function IconCandles(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M7 4v3M7 15v5M17 4v5M17 17v3" />
      <rect x="5" y="7" width="4" height="8" rx="0.5" />
      <rect x="15" y="9" width="4" height="8" rx="0.5" />
    </Svg>
  );
}

/** Two tokens changing hands: the token market. */
export function IconTokenMarket(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="8" cy="8" r="4.5" />
      <circle cx="16" cy="16" r="4.5" />
      <path d="M15 4.5h2.5a2 2 0 0 1 2 2V9M9 19.5H6.5a2 2 0 0 1-2-2V15" />
    </Svg>
  );
}

/** NFT: a hexagonal token with a gem inside. */
export function IconNft(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 2.5l8.2 4.75v9.5L12 21.5l-8.2-4.75v-9.5z" />
      <path d="M9 10l3-3 3 3-3 5z" />
    </Svg>
  );
}
