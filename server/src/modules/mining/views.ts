/** What a machine looks like in the catalogue and to operators, and a machine order to its owner. */
import { formatAmount, type ResponseData } from '@nexa/contract';
import {
  type AdminMachineView,
  type Line,
  type MachineRow,
  type MachineView,
  type MiningCtx,
  type OrderRow,
  showPower,
} from './context';
import { line } from './lines';
import { estimateOf } from './math';
import { networkPower } from './power';

export async function machineView(
  ctx: MiningCtx,
  m: MachineRow,
  l: Line,
  network: bigint,
): Promise<ResponseData<'/api/machine/list'>['list'][number]> {
  const pay = ctx.assets.get(m.payAsset);
  const power = m.power + m.bonusPower;
  return {
    id: m.id,
    name: m.name,
    price: formatAmount(m.price, pay.scale),
    pay_asset: m.payAsset,
    power: showPower(m.power),
    bonus_power: showPower(m.bonusPower),
    term_days: m.termDays,
    output_asset: l.outputAsset,
    daily_output: formatAmount(estimateOf(l.emission, power, network + power), l.outputScale),
    left: m.stock === null ? null : Math.max(0, m.stock - m.sold),
    status: m.status,
  };
}

export async function adminMachineView(ctx: MiningCtx, m: MachineRow): Promise<AdminMachineView> {
  const l = await line(ctx, m.line);
  return {
    ...(await machineView(ctx, m, l, await networkPower(ctx, m.line))),
    line: m.line,
    stock: m.stock,
    sold: m.sold,
    sort: m.sort,
  };
}

export async function orderView(ctx: MiningCtx, o: OrderRow): Promise<MachineView> {
  const { assets, days } = ctx;
  const l = await line(ctx, o.line);
  return {
    id: o.id,
    machine_id: o.machineId,
    name: o.name,
    quantity: o.quantity,
    amount: formatAmount(o.amount, assets.get(o.payAsset).scale),
    pay_asset: o.payAsset,
    power: showPower(o.power),
    bonus_power: showPower(o.bonusPower),
    term_days: o.termDays,
    output_asset: l.outputAsset,
    output: formatAmount(o.output, l.outputScale),
    status: o.status,
    start_at: (await days.dayStart(o.firstDay)).toISOString(),
    end_at: (await days.dayStart(o.endDay)).toISOString(),
    created_at: o.createdAt.toISOString(),
  };
}
