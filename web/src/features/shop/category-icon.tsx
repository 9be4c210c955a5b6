import type { ReactNode } from 'react';
import { apiAddress } from '../../api/address';
import { IconHome } from '../../ui/icons';
import { IconBeauty, IconFood, IconPhone, IconShirt, IconSport } from './shop-icons';

/** The categories' icons by the names the server gives them. */
const NAMED: Readonly<Record<string, () => ReactNode>> = {
  phone: () => <IconPhone />,
  shirt: () => <IconShirt />,
  home: () => <IconHome />,
  food: () => <IconFood />,
  beauty: () => <IconBeauty />,
  sport: () => <IconSport />,
};

/**
 * A category's icon as the server names it: one of ours by name, an image of our own server (a path or an
 * address), a short symbol (an emoji) shown as it is, or else the first letter of its name on a tinted disc.
 */
export function CategoryIcon({ icon, name }: { readonly icon: string; readonly name: string }): ReactNode {
  const value = icon.trim();
  const named = NAMED[value.toLowerCase()];
  if (named) {
    return (
      <span className="scat-icon" aria-hidden="true">
        {named()}
      </span>
    );
  }
  if (/^(\/|https?:\/\/)/.test(value)) {
    return (
      <span className="scat-icon" aria-hidden="true">
        <img src={apiAddress(value)} alt="" width={28} height={28} loading="lazy" decoding="async" />
      </span>
    );
  }
  // A symbol: a few graphemes that are not plain letters (an emoji, a sign).
  if (value && [...value].length <= 4 && !/^[\p{L}\p{N}_-]+$/u.test(value)) {
    return (
      <span className="scat-icon scat-icon--symbol" aria-hidden="true">
        {value}
      </span>
    );
  }
  const letter = [...name.trim()][0];
  return (
    <span className="scat-icon scat-icon--letter" aria-hidden="true">
      {letter ? letter.toUpperCase() : '?'}
    </span>
  );
}
