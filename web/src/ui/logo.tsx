import type { ReactNode } from 'react';

/** The NEXA mark. */
export function Logo({ size = 56 }: { readonly size?: number }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo">
      <defs>
        <linearGradient id="nexa-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3e7bfa" />
          <stop offset="1" stopColor="#7a5cff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#nexa-logo-bg)" />
      <path d="M19 45V19h6l14 17V19h6v26h-6L25 28v17z" fill="#fff" />
    </svg>
  );
}
