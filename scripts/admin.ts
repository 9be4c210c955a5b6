// Operator command line: talks to a running server's admin API, as the console will.
//   npm run admin -- login <name> [--password P] [--totp CODE]   (or ADMIN_PASSWORD; token kept in ~/.nexa-admin)
//   npm run admin -- logout
//   npm run admin -- 2fa-setup                      (prints the secret and otpauth URI once)
//   npm run admin -- 2fa-confirm <code>             (prints ten one-time recovery codes once)
//   npm run admin -- create-operator <name> --password P --roles finance,support   (a money role waits for a second admin)
//   npm run admin -- operators                      (operators with roles, who made them, lock and cooldown)
//   npm run admin -- requests                       (requests for money roles, pending first)
//   npm run admin -- decide-operator <request_id> <approve|refuse> <reason…>   (a second admin, not the asker)
//   npm run admin -- set-roles <name> --roles finance,support <reason…>
//   npm run admin -- unlock <name> <reason…>        (an operator locked after wrong second-factor codes)
//   npm run admin -- password --old P --new P       (ends every other session)
//   npm run admin -- deposits [pending|approved|failed]
//   npm run admin -- confirm <deposit_id>
//   npm run admin -- credit --user <address|uid> --amount <n> --tx <hash> [--asset USDT]
//   npm run admin -- reject-deposit <deposit_id> <reason…>
//   npm run admin -- withdrawals [pending|approved|failed]
//   npm run admin -- approve <withdrawal_id>
//   npm run admin -- reject <withdrawal_id> <reason…>
//   npm run admin -- solvency
//   npm run admin -- programs                       (staking and burn pools, paid, queued, last day)
//   npm run admin -- fund-earn <pledge|burn|loans> <amount>
//   npm run admin -- mining-lines                   (output pools, paid, queued, network power)
//   npm run admin -- fund-mining <amount> [--line main]
//   npm run admin -- machines [--line main]
//   npm run admin -- save-machine --name N --price P --power T --term DAYS [--bonus T] [--stock N] [--id ID]
//   npm run admin -- machine-status <id> <active|paused|closed>
//   npm run admin -- plans                          (staking plans with what is staked in each)
//   npm run admin -- save-plan <days> <apr> [active|paused|closed]
//   npm run admin -- rounds                         (placement rounds)
//   npm run admin -- open-round --name N --asset RRT --price P --cap C --per-user U --min M --months 6 --starts ISO --ends ISO
//   npm run admin -- round-status <id> <active|paused|closed>
//   npm run admin -- nft-pools                      (NFT pools, the liquidity pool, their rewards accounts)
//   npm run admin -- save-pool --collection ID --name N --budget B [--id ID] [--status active|paused|closed]
//   npm run admin -- fund-rewards <nft|lp> <amount>
// ADMIN_URL (default http://localhost:8080), ENVELOPE_KEY, SIGN_SECRET and REQUEST_PROTECTION as the server's.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiResponse,
  DEMO_ENVELOPE_KEY,
  DEMO_SIGN_SECRET,
  decodeKey,
  openEnvelope,
  sealEnvelope,
  signPayload,
} from '@nexa/contract';

const env = process.env;
const base = env.ADMIN_URL ?? 'http://localhost:8080';
const protection = !['off', 'false', '0', 'no'].includes(env.REQUEST_PROTECTION ?? 'on');
const key = decodeKey(env.ENVELOPE_KEY ?? DEMO_ENVELOPE_KEY);
const secret = env.SIGN_SECRET ?? DEMO_SIGN_SECRET;
const tokenFile = join(homedir(), '.nexa-admin');

async function call(path: string, body: Record<string, unknown>): Promise<ApiResponse> {
  const token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
  const payload = protection
    ? {
        payload: await sealEnvelope(
          JSON.stringify(signPayload(body, secret, Math.floor(Date.now() / 1000))),
          key,
        ),
      }
    : body;
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(payload),
  });
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const json = (await res.json()) as Record<string, unknown>;
  const text =
    typeof json.payload === 'string' ? await openEnvelope(json.payload, key) : JSON.stringify(json);
  if (text === null) throw new Error('the answer could not be opened: check ENVELOPE_KEY');
  return JSON.parse(text) as ApiResponse;
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

function print(res: ApiResponse): void {
  if (res.code !== 200) {
    console.error(`${res.error ?? res.code}: ${res.msg}`);
    process.exitCode = 1;
    return;
  }
  console.log(JSON.stringify(res.data, null, 2));
}

/** An operator's id by name, from the operators list (admins only). */
async function operatorId(name: string | undefined): Promise<number> {
  const res = await call('/admin/operators/list', {});
  if (res.code !== 200) throw new Error(`${res.error ?? res.code}: ${res.msg}`);
  const found = (res.data as Array<{ id: number; name: string }>).find((o) => o.name === name);
  if (!found) throw new Error(`no operator named ${name ?? '(none)'}`);
  return found.id;
}

const [command = 'help', ...args] = process.argv.slice(2);
const status = (s: string | undefined) =>
  s && ['pending', 'approved', 'failed'].includes(s) ? { status: s } : {};

switch (command) {
  case 'login': {
    const password = flag(args, 'password') ?? env.ADMIN_PASSWORD;
    if (!args[0] || !password) throw new Error('usage: login <name> --password P (or ADMIN_PASSWORD)');
    const totp = flag(args, 'totp');
    const res = await call('/admin/auth/login', { name: args[0], password, ...(totp ? { totp } : {}) });
    if (res.code === 200) {
      writeFileSync(tokenFile, (res.data as { token: string }).token, { mode: 0o600 });
      chmodSync(tokenFile, 0o600);
      console.log(`signed in as ${args[0]}`);
    } else print(res);
    break;
  }
  case 'logout': {
    print(await call('/admin/auth/logout', {}));
    if (existsSync(tokenFile)) writeFileSync(tokenFile, '', { mode: 0o600 });
    break;
  }
  case '2fa-setup':
    print(await call('/admin/auth/totpSetup', {}));
    break;
  case '2fa-confirm':
    print(await call('/admin/auth/totpConfirm', { code: args[0] ?? '' }));
    break;
  case 'create-operator':
    print(
      await call('/admin/operators/create', {
        name: args[0],
        password: flag(args, 'password'),
        roles: (flag(args, 'roles') ?? '').split(',').filter(Boolean),
      }),
    );
    break;
  case 'operators':
    print(await call('/admin/operators/list', {}));
    break;
  case 'requests':
    print(await call('/admin/operators/requests', {}));
    break;
  case 'decide-operator':
    print(
      await call('/admin/operators/decide', {
        request_id: Number(args[0]),
        approve: args[1] === 'approve',
        reason: args.slice(2).join(' '),
      }),
    );
    break;
  case 'set-roles': {
    const rest = args.slice(1).filter((a, i, all) => a !== '--roles' && all[i - 1] !== '--roles');
    print(
      await call('/admin/operators/setRoles', {
        operator_id: await operatorId(args[0]),
        roles: (flag(args, 'roles') ?? '').split(',').filter(Boolean),
        reason: rest.join(' '),
      }),
    );
    break;
  }
  case 'unlock':
    print(
      await call('/admin/operators/unlock', {
        operator_id: await operatorId(args[0]),
        reason: args.slice(1).join(' ') || 'unlocked from the command line',
      }),
    );
    break;
  case 'password':
    print(
      await call('/admin/auth/changePassword', {
        password: flag(args, 'old'),
        new_password: flag(args, 'new'),
      }),
    );
    break;
  case 'deposits':
    print(await call('/admin/deposits/list', { page: 1, size: 50, ...status(args[0]) }));
    break;
  case 'confirm':
    print(await call('/admin/deposits/confirm', { deposit_id: Number(args[0]) }));
    break;
  case 'credit':
    print(
      await call('/admin/deposits/confirm', {
        user: flag(args, 'user'),
        amount: flag(args, 'amount'),
        tx_hash: flag(args, 'tx'),
        asset: flag(args, 'asset') ?? 'USDT',
      }),
    );
    break;
  case 'reject-deposit':
    print(
      await call('/admin/deposits/reject', { deposit_id: Number(args[0]), reason: args.slice(1).join(' ') }),
    );
    break;
  case 'withdrawals':
    print(await call('/admin/withdrawals/list', { page: 1, size: 50, ...status(args[0]) }));
    break;
  case 'approve':
    print(await call('/admin/withdrawals/approve', { withdrawal_id: Number(args[0]) }));
    break;
  case 'reject':
    print(
      await call('/admin/withdrawals/reject', {
        withdrawal_id: Number(args[0]),
        reason: args.slice(1).join(' '),
      }),
    );
    break;
  case 'solvency':
    print(await call('/admin/solvency', {}));
    break;
  case 'programs':
    print(await call('/admin/earn/programs', {}));
    break;
  case 'fund-earn':
    print(await call('/admin/earn/fund', { pool: args[0], amount: args[1] }));
    break;
  case 'mining-lines':
    print(await call('/admin/mining/lines', {}));
    break;
  case 'fund-mining':
    print(await call('/admin/mining/fund', { line: flag(args, 'line') ?? 'main', amount: args[0] }));
    break;
  case 'machines':
    print(await call('/admin/mining/machines', { line: flag(args, 'line') ?? 'main' }));
    break;
  case 'save-machine': {
    const id = flag(args, 'id');
    const stock = flag(args, 'stock');
    print(
      await call('/admin/mining/saveMachine', {
        ...(id ? { id: Number(id) } : {}),
        line: flag(args, 'line') ?? 'main',
        name: flag(args, 'name'),
        price: flag(args, 'price'),
        power: flag(args, 'power'),
        bonus_power: flag(args, 'bonus') ?? '0',
        term_days: Number(flag(args, 'term')),
        stock: stock ? Number(stock) : null,
      }),
    );
    break;
  }
  case 'plans':
    print(await call('/admin/earn/plans', {}));
    break;
  case 'save-plan':
    print(
      await call('/admin/earn/savePlan', {
        days: Number(args[0]),
        apr: args[1],
        status: args[2] ?? 'active',
      }),
    );
    break;
  case 'rounds':
    print(await call('/admin/placement/rounds', {}));
    break;
  case 'open-round':
    print(
      await call('/admin/placement/saveRound', {
        name: flag(args, 'name'),
        asset: flag(args, 'asset'),
        price: flag(args, 'price'),
        hard_cap: flag(args, 'cap'),
        per_user_cap: flag(args, 'per-user'),
        min_amount: flag(args, 'min'),
        vesting_months: Number(flag(args, 'months')),
        starts_at: flag(args, 'starts'),
        ends_at: flag(args, 'ends'),
      }),
    );
    break;
  case 'round-status':
    print(await call('/admin/placement/roundStatus', { id: Number(args[0]), status: args[1] }));
    break;
  case 'nft-pools':
    print(await call('/admin/nft/pools', {}));
    break;
  case 'save-pool': {
    const id = flag(args, 'id');
    print(
      await call('/admin/nft/savePool', {
        ...(id ? { id: Number(id) } : {}),
        collection_id: Number(flag(args, 'collection')),
        name: flag(args, 'name'),
        daily_budget: flag(args, 'budget'),
        status: flag(args, 'status') ?? 'active',
      }),
    );
    break;
  }
  case 'fund-rewards':
    print(await call('/admin/nft/fund', { account: args[0], amount: args[1] }));
    break;
  case 'machine-status':
    print(await call('/admin/mining/machineStatus', { id: Number(args[0]), status: args[1] }));
    break;
  default:
    console.log(
      readFileSync(new URL(import.meta.url), 'utf8')
        .split('\n')
        .slice(0, 36)
        .join('\n'),
    );
}
