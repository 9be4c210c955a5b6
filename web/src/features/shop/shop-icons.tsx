import type { ReactNode } from 'react';
import { type IconProps, Svg } from '../../ui/icons';

/** The shop's own icons, in the app's icon frame. */
export function IconTrophy(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4" />
    </Svg>
  );
}

export function IconBag(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4.5 8h15l-1.2 11.2a1 1 0 0 1-1 .8H6.7a1 1 0 0 1-1-.8z" />
      <path d="M9 11V7a3 3 0 0 1 6 0v4" />
    </Svg>
  );
}

export function IconGift(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="4" y="9" width="16" height="11" rx="1.5" />
      <path d="M3 9h18M12 9v11M12 9c-1.5-3-5-4-5.5-2S9 9 12 9zM12 9c1.5-3 5-4 5.5-2S15 9 12 9z" />
    </Svg>
  );
}

export function IconMerchant(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 9l1.5-4.5h13L20 9a2.7 2.7 0 0 1-5.3.6A2.7 2.7 0 0 1 12 11a2.7 2.7 0 0 1-2.7-1.4A2.7 2.7 0 0 1 4 9z" />
      <path d="M5.5 11v8.5h13V11M10 19.5v-4.5h4v4.5" />
    </Svg>
  );
}

export function IconTruck(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M3 6h11v10H3zM14 9.5h3.5L21 13v3h-7z" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </Svg>
  );
}

export function IconBox(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 3l8 4v10l-8 4-8-4V7z" />
      <path d="M4 7l8 4 8-4M12 11v10" />
    </Svg>
  );
}

export function IconPlus(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}

export function IconMinus(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M5 12h14" />
    </Svg>
  );
}

export function IconTrash(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9l1-12.5M10 10.5v6M14 10.5v6" />
    </Svg>
  );
}

export function IconImage(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="3.5" y="5" width="17" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="M20.5 15.5l-5-5-9 8.5" />
    </Svg>
  );
}

export function IconPin(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </Svg>
  );
}

export function IconCrown(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 8l4 4 4-6 4 6 4-4-1.5 10h-13z" />
    </Svg>
  );
}

export function IconEdit(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M5 19h3.5L19 8.5 15.5 5 5 15.5zM13.5 7l3.5 3.5" />
    </Svg>
  );
}

export function IconPhone(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <rect x="6.5" y="3" width="11" height="18" rx="2.2" />
      <path d="M10.5 18h3" />
    </Svg>
  );
}

export function IconShirt(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M9 4l-5 3 2 4 2-1v10h8V10l2 1 2-4-5-3a3 3 0 0 1-6 0z" />
    </Svg>
  );
}

export function IconFood(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M4 11h16a8 8 0 0 1-16 0zM8 7.5c0-1.5 1-1.5 1-3M12 7.5c0-1.5 1-1.5 1-3M16 7.5c0-1.5 1-1.5 1-3" />
    </Svg>
  );
}

export function IconBeauty(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M9 10h6v10a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1zM10 10V6l4-2.5V10" />
    </Svg>
  );
}

export function IconSport(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 3.5v17M3.5 12h17M6 6a12 12 0 0 1 0 12M18 6a12 12 0 0 0 0 12" />
    </Svg>
  );
}

export function IconStack(props: IconProps): ReactNode {
  return (
    <Svg {...props}>
      <path d="M12 4l8 4-8 4-8-4z" />
      <path d="M4 12l8 4 8-4M4 16l8 4 8-4" />
    </Svg>
  );
}
