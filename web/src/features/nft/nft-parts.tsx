import type { ResponseData } from '@nexa/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';

export type Nft = ResponseData<'/v1/nft/detail'>;
export type Rarity = Nft['rarity'];

const HUES: Record<Rarity, [number, number]> = {
  common: [210, 190],
  rare: [150, 120],
  epic: [275, 305],
  legendary: [38, 18],
};

/** A small deterministic number from the NFT's symbol and serial (its artwork's pattern). */
function seedOf(symbol: string, serial: number): number {
  let h = serial * 2654435761;
  for (const c of symbol) h = (h ^ c.charCodeAt(0)) * 16777619;
  return Math.abs(h) >>> 0;
}

/** Generated artwork: the rarity sets the colours, symbol and serial set the shapes. */
export function NftArt({
  symbol,
  serial,
  rarity,
  label,
}: {
  readonly symbol: string;
  readonly serial: number;
  readonly rarity: Rarity;
  readonly label?: string;
}): ReactNode {
  const seed = seedOf(symbol, serial);
  const [h1, h2] = HUES[rarity];
  const id = `g${symbol}${serial}`;
  const rings = 3 + (seed % 4);
  const cx = 30 + (seed % 40);
  const cy = 30 + ((seed >> 5) % 40);
  return (
    <svg className="nft-art" viewBox="0 0 100 100" role="img" aria-label={label ?? `${symbol} #${serial}`}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${h1} 70% 45%)`} />
          <stop offset="1" stopColor={`hsl(${h2} 75% 25%)`} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${id})`} />
      {Array.from({ length: rings }, (_, i) => (
        <circle
          // biome-ignore lint/suspicious/noArrayIndexKey: the rings are drawn in a fixed order
          key={i}
          cx={cx}
          cy={cy}
          r={12 + i * 11}
          fill="none"
          stroke={`hsla(${(h1 + i * 25) % 360} 90% 80% / ${0.55 - i * 0.08})`}
          strokeWidth={2 + ((seed >> i) % 3)}
        />
      ))}
      <text x="8" y="92" fontSize="11" fontWeight="700" fill="rgba(255,255,255,0.85)">
        {symbol} #{serial}
      </text>
    </svg>
  );
}

export function RarityChip({ rarity }: { readonly rarity: Rarity }): ReactNode {
  const { t } = useTranslation('nft');
  return <span className={`nft-rarity nft-rarity--${rarity}`}>{t(`nft.rarity.${rarity}`)}</span>;
}

/** One NFT as a card of the grid: artwork, name, rarity, weight, where it is staked. */
export function NftCard({ n }: { readonly n: Nft }): ReactNode {
  const { t } = useTranslation('nft');
  return (
    <Link className="nft-card" to={`${routePath('nft2')}?id=${n.id}`} data-testid="nft-card">
      <NftArt symbol={n.symbol} serial={n.serial} rarity={n.rarity} label={n.name} />
      <div className="nft-card__body">
        <div className="nft-card__name">{n.name}</div>
        <div className="nft-card__meta">
          <RarityChip rarity={n.rarity} />
          <span className="num">{t('nft.weightN', { n: n.weight })}</span>
        </div>
        {n.pool ? <div className="nft-card__pool">{t('nft.stakedIn', { pool: n.pool })}</div> : null}
      </div>
    </Link>
  );
}
