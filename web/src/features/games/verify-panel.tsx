import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { IconCheck, IconClose } from '../../ui/icons';
import { type Entrant, useEntrantText } from './game-parts';
import { checkRace, inJoinOrder, type RaceCheck } from './verify';

/** One check: a green tick or a red cross, and what was checked. */
function Check({
  ok,
  label,
  testId,
}: {
  readonly ok: boolean;
  readonly label: string;
  readonly testId: string;
}): ReactNode {
  const { t } = useTranslation('games');
  return (
    <div className={ok ? 'gcheck gcheck--ok' : 'gcheck gcheck--bad'} data-testid={testId} data-ok={ok}>
      <span
        className="gcheck__mark"
        role="img"
        aria-label={ok ? t('games.checkPassed') : t('games.checkFailed')}
      >
        {ok ? <IconCheck /> : <IconClose />}
      </span>
      <span>{label}</span>
    </div>
  );
}

function Value({ label, children }: { readonly label: string; readonly children: ReactNode }): ReactNode {
  return (
    <div className="gverify__value">
      <dt>{label}</dt>
      <dd className="gmono">{children}</dd>
    </div>
  );
}

/**
 * The race recomputed here, in the browser, with the draw function the server settled it with: the revealed
 * seed must hash to the hash published when the group opened, and the draw over the entrants in join order
 * must give the recorded ranks. Both checks and every input are shown.
 */
export function VerifyPanel({
  seed,
  seedHash,
  entrants,
}: {
  readonly seed: string;
  readonly seedHash: string;
  readonly entrants: readonly Entrant[];
}): ReactNode {
  const { t } = useTranslation('games');
  const [check, setCheck] = useState<RaceCheck | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setCheck(null);
    setFailed(false);
    checkRace(seed, seedHash, entrants)
      .then((c) => {
        if (live) setCheck(c);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [seed, seedHash, entrants]);

  const nameOf = useEntrantText();
  const uidOf = (id: number) => {
    const e = entrants.find((x) => x.entry_id === id);
    return e ? nameOf(e) : String(id);
  };
  const orderText = (ids: readonly number[]) =>
    ids.map((id, i) => `${i + 1}. #${id} ${uidOf(id)}`).join('\n');

  return (
    <section className="card box gverify" data-testid="verify-panel">
      <h2 className="gh">{t('games.verifyTitle')}</h2>
      <p className="gmuted">{t('games.verifyIntro')}</p>
      {failed ? (
        <p className="gverify__error" role="alert">
          {t('games.verifyUnavailable')}
        </p>
      ) : !check ? (
        <p className="gmuted" aria-busy="true">
          {t('games.verifying')}
        </p>
      ) : (
        <>
          <div className="gverify__checks">
            <Check ok={check.hashOk} label={t('games.checkHash')} testId="check-hash" />
            <Check ok={check.orderOk} label={t('games.checkOrder')} testId="check-order" />
            <Check ok={check.finishOk} label={t('games.checkFinish')} testId="check-finish" />
          </div>
          <dl className="gverify__values">
            <Value label={t('games.seed')}>{seed}</Value>
            <Value label={t('games.publishedHash')}>{seedHash}</Value>
            <Value label={t('games.computedHash')}>{check.hash}</Value>
            <Value label={t('games.drawInput')}>
              {inJoinOrder(entrants)
                .map((e) => `${e.entry_id}:${e.tickets}:${e.client_seed}`)
                .join('\n')}
            </Value>
            <Value label={t('games.recordedOrder')}>{orderText(check.recorded)}</Value>
            <Value label={t('games.computedOrder')}>{orderText(check.computed)}</Value>
          </dl>
          <p className="gnote">{t('games.verifyHow')}</p>
        </>
      )}
    </section>
  );
}
