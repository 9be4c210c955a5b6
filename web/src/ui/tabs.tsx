import type { ReactNode } from 'react';
import './tabs.css';

/**
 * A row of tabs underlined when on (a list's views: open / closed orders, the token market's tabs).
 * Where it sits (sticky, padding, border) is the screen's, through `className`.
 */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  className,
  size = 'l',
}: {
  readonly items: readonly { readonly key: K; readonly label: ReactNode }[];
  readonly value: K;
  readonly onChange: (key: K) => void;
  readonly label?: string;
  readonly className?: string;
  readonly size?: 'm' | 'l';
}): ReactNode {
  return (
    <div
      className={`tabs tabs--${size}${className ? ` ${className}` : ''}`}
      role="tablist"
      aria-label={label}
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === value}
          className={item.key === value ? 'tabs__tab tabs__tab--on' : 'tabs__tab'}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
