import type { EndpointPath, ResponseData } from '@nexa/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { invalidateApi, NO_BODY, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath, type ScreenName } from '../../paths';
import { IconRight } from '../../ui/icons';
import { levelName } from './team-math';

export type Invitation = ResponseData<'/api/user/smarInvitation'>;

/** My code and my team's kept figures. */
export function useInvitation() {
  return useApiQuery('/api/user/smarInvitation', NO_BODY);
}

/** Asks again for the given reads (the whole screen, on a pull). */
export function useRefresh(...paths: readonly EndpointPath[]): () => Promise<void> {
  const client = useQueryClient();
  return () => invalidateApi(client, ...paths);
}

/** V0 … V5 as a badge: grey until a level is reached, gold from V1. */
export function LevelBadge({
  level,
  size = 's',
  muted,
  testId,
}: {
  readonly level: number;
  readonly size?: 's' | 'l';
  /** Greyed out: a level not reached yet. */
  readonly muted?: boolean;
  readonly testId?: string;
}): ReactNode {
  const tone = level > 0 && !muted ? 'tlevel--on' : 'tlevel--off';
  return (
    <span className={`tlevel tlevel--${size} ${tone} num`} data-testid={testId}>
      {levelName(level)}
    </span>
  );
}

/** Valid (the referral's volume reached the platform's minimum) or not yet. */
export function ValidTag({ valid }: { readonly valid: boolean }): ReactNode {
  const { t } = useTranslation('team');
  return (
    <span className={valid ? 'ttag ttag--valid' : 'ttag'} data-testid="valid-tag" data-valid={valid}>
      {valid ? t('team.valid') : t('team.notValid')}
    </span>
  );
}

/** A figure with its name above it, in a grid of figures. */
export function Figure({
  label,
  value,
  testId,
  wide,
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly testId?: string;
  readonly wide?: boolean;
}): ReactNode {
  return (
    <div className={wide ? 'tfig tfig--wide' : 'tfig'}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A row that leads to another screen of the team, named by its title. */
export function ScreenLink({
  to,
  extra,
  testId,
}: {
  readonly to: ScreenName;
  readonly extra?: ReactNode;
  readonly testId?: string;
}): ReactNode {
  const { t } = useTranslation('team');
  return (
    <Link className="tlink" to={routePath(to)} data-testid={testId}>
      <span className="tlink__label">{t(`screens.${to}`)}</span>
      {extra !== undefined ? <span className="tlink__extra num">{extra}</span> : null}
      <IconRight className="tlink__chev" />
    </Link>
  );
}

/** The heads of a list's two columns, each naming its two lines (top / bottom). */
export function ListHead({ left, right }: { readonly left: string; readonly right: string }): ReactNode {
  return (
    <div className="tlist-head" aria-hidden="true">
      <span>{left}</span>
      <span>{right}</span>
    </div>
  );
}
