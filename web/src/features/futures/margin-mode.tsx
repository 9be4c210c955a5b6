/**
 * A contract's margin mode beside its leverage, as OKX's order form shows them (two chips above the order
 * type), and the sheet that changes the mode. Isolated: the position's own margin backs it. Cross: the futures
 * account's available balance backs it too, moved in before a liquidation.
 */
import { type ReactNode, useState } from 'react';
import { useApiMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Segments } from '../../ui/form';
import { PickerSheet } from '../../ui/sheet';
import { showToast } from '../../ui/toast';
import {
  estimateOpen,
  leverChoices,
  type MarginMode,
  money,
  rulesOf,
  type SwapInstrument,
  type SwapRules,
  tickDecimals,
} from './futures-math';

/** Market or limit, the margin mode and the leverage, each chip opening its picker. */
export function TypeAndLever({
  type,
  mode,
  lever,
  onType,
  onMode,
  onLever,
}: {
  readonly type: 'market' | 'limit';
  readonly mode: MarginMode;
  readonly lever: number;
  readonly onType: (type: 'market' | 'limit') => void;
  readonly onMode: () => void;
  readonly onLever: () => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  return (
    <div className="list-row__top">
      <Segments
        label={t('futures.orderType')}
        value={type}
        onChange={onType}
        options={[
          { value: 'market', label: t('futures.market') },
          { value: 'limit', label: t('futures.limit') },
        ]}
      />
      <span className="fform__chips">
        <button
          type="button"
          className="fform__lever"
          onClick={onMode}
          aria-label={t('futures.marginMode')}
          data-testid="fut-mode"
          data-mode={mode}
        >
          {t(mode === 'cross' ? 'futures.cross' : 'futures.isolated')}
        </button>
        <button
          type="button"
          className="fform__lever"
          onClick={onLever}
          aria-label={t('futures.leverage')}
          data-testid="fut-lever"
        >
          <strong className="num">{lever}×</strong>
        </button>
      </span>
    </div>
  );
}

/** Isolated or cross for the contract's next position; set at once (refused while one is open: LeverageLocked). */
export function MarginModePicker({
  visible,
  instId,
  lever,
  mode,
  onClose,
}: {
  readonly visible: boolean;
  readonly instId: string;
  readonly lever: number;
  readonly mode: MarginMode;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const set = useApiMutation('/v1/futures/setLeverage', { refreshes: ['/v1/futures/account'] });
  const name = (m: MarginMode) => t(m === 'cross' ? 'futures.cross' : 'futures.isolated');
  const onPick = async (next: MarginMode) => {
    if (next === mode) return;
    try {
      await set.mutateAsync({ instId, lever, mgnMode: next });
      showToast(t('futures.modeSet', { mode: name(next) }));
    } catch {
      // Told by the query client (LeverageLocked explains itself).
    }
  };
  return (
    <PickerSheet
      visible={visible}
      title={t('futures.marginMode')}
      value={mode}
      onPick={(v) => void onPick(v)}
      onClose={onClose}
      options={(['isolated', 'cross'] as const).map((m) => ({ value: m, label: name(m) }))}
      footer={
        <>
          <p>{t('futures.isolatedNote')}</p>
          <p>{t('futures.crossNote')}</p>
        </>
      }
    />
  );
}

/** The leverages to pick from, each with where one long contract would be liquidated at the mark price; a pick is set at once. */
function LeverPicker({
  visible,
  inst,
  rules,
  markPx,
  lever,
  onClose,
}: {
  readonly visible: boolean;
  readonly inst: SwapInstrument;
  readonly rules: SwapRules;
  readonly markPx: string | null;
  readonly lever: number;
  readonly onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('futures');
  const setLever = useApiMutation('/v1/futures/setLeverage', { refreshes: ['/v1/futures/account'] });
  const onPick = async (next: string) => {
    try {
      await setLever.mutateAsync({ instId: inst.instId, lever: Number(next) });
      showToast(t('futures.leverSet', { lever: next }));
    } catch {
      // Told by the query client (LeverageLocked explains itself).
    }
  };
  return (
    <PickerSheet
      visible={visible}
      title={t('futures.leverage')}
      value={String(lever)}
      onPick={(v) => void onPick(v)}
      onClose={onClose}
      options={leverChoices(inst.max_lever).map((l) => ({
        value: String(l),
        label: `${l}×`,
        note:
          markPx && Number(markPx) > 0
            ? t('futures.leverNote', {
                liq: money(
                  estimateOpen(rules, 'long', 1, Number(markPx), l)?.liqPx,
                  tickDecimals(inst.tick_size),
                ),
              })
            : undefined,
      }))}
    />
  );
}

/** Order type, margin mode and leverage, with the pickers the two chips open. */
export function TermsRow({
  type,
  onType,
  inst,
  markPx,
  lever,
  mode,
}: {
  readonly type: 'market' | 'limit';
  readonly onType: (type: 'market' | 'limit') => void;
  readonly inst: SwapInstrument;
  readonly markPx: string | null;
  readonly lever: number;
  readonly mode: MarginMode;
}): ReactNode {
  const [open, setOpen] = useState<'lever' | 'mode' | null>(null);
  return (
    <>
      <TypeAndLever
        type={type}
        mode={mode}
        lever={lever}
        onType={onType}
        onMode={() => setOpen('mode')}
        onLever={() => setOpen('lever')}
      />
      <LeverPicker
        visible={open === 'lever'}
        inst={inst}
        rules={rulesOf(inst)}
        markPx={markPx}
        lever={lever}
        onClose={() => setOpen(null)}
      />
      <MarginModePicker
        visible={open === 'mode'}
        instId={inst.instId}
        lever={lever}
        mode={mode}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
