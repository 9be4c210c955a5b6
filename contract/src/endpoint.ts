import { z } from 'zod';
import type { ErrorName } from './error-kit';

/** What an operator may be: admin (everything), finance (moves money), support (reads queues). */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who may make an operator call; the transport enforces it before the handler runs. */
export interface OperatorAccess {
  /** Roles that may call it (an admin may call everything); empty: any signed-in operator. */
  readonly roles: readonly OperatorRole[];
  /** It changes something: counted against the operator's actions per minute. */
  readonly acts: boolean;
  /** Needs a confirmed second factor where the platform requires one (every call but enrolling one). */
  readonly secondFactor: boolean;
  /**
   * It approves money (a deposit confirmation, a manual credit, a withdrawal approval): refused to an operator
   * activated (or granted a money role) less than `admin.new_operator_cooldown_hours` ago.
   */
  readonly money: boolean;
}

/** How a list call pages: `page`+`size`, `page`+`page_num`, or not at all. */
export type ListStyle = 'none' | 'size' | 'page_num';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  readonly domain: string;
  readonly summary: string;
  /** Whether a session token is required. */
  readonly auth: boolean;
  /** Called by operators: the token is an operator session's, not a user's. */
  readonly operator: boolean;
  /** For operator calls: the roles and checks the transport applies. */
  readonly access: OperatorAccess | null;
  readonly list: ListStyle;
  /** Default page size for list calls (10, or 100 for the exchange log). */
  readonly pageSize: number;
  readonly request: Req;
  readonly data: Data;
  /** Business errors the call may answer, beyond the transport's own. */
  readonly errors: readonly ErrorName[];
  /** `planned`: declared, answers NotAvailable until its domain is built. */
  readonly status: 'live' | 'planned';
  /** Not in the product specification's list of calls. */
  readonly extension: boolean;
}

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const zPage = z.coerce.number().int().min(1).max(100_000).default(1);
const zSize = (def: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(def);

type SizeFields = { page: typeof zPage; size: ReturnType<typeof zSize> };
type PageNumFields = { page: typeof zPage; page_num: ReturnType<typeof zSize> };
export type PageFields<S extends 'size' | 'page_num'> = S extends 'size' ? SizeFields : PageNumFields;

/** Request fields for a paged call of the given style. */
export function pageFields<S extends 'size' | 'page_num'>(style: S, pageSize = PAGE_SIZE): PageFields<S> {
  const fields =
    style === 'size' ? { page: zPage, size: zSize(pageSize) } : { page: zPage, page_num: zSize(pageSize) };
  return fields as PageFields<S>;
}

/** The `data` of a paged call: `{list, total}`. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().nonnegative() });
}

/** An operator call's access, as declared: `acts` and `secondFactor` default to false and true. */
export interface AccessOptions {
  roles: readonly OperatorRole[];
  acts?: boolean;
  secondFactor?: boolean;
  money?: boolean;
}

function accessOf(opts: { access?: AccessOptions }): OperatorAccess | null {
  const a = opts.access;
  return a
    ? { roles: a.roles, acts: a.acts ?? false, secondFactor: a.secondFactor ?? true, money: a.money ?? false }
    : null;
}

/** The declared errors plus those the operator gate answers for this access. */
function errorsOf(declared: readonly ErrorName[] = [], access: OperatorAccess | null): readonly ErrorName[] {
  const gate: ErrorName[] = [];
  if (access?.roles.length) gate.push('Forbidden');
  if (access?.secondFactor) gate.push('SecondFactorRequired');
  if (access?.acts) gate.push('RateLimited');
  if (access?.money) gate.push('OperatorCooling');
  return [...new Set([...declared, ...gate])];
}

interface LiveOptions<Req extends z.ZodType, Data extends z.ZodType> {
  summary: string;
  auth?: boolean;
  /** An operator call: who may make it. */
  access?: AccessOptions;
  request: Req;
  data: Data;
  errors?: readonly ErrorName[];
  extension?: boolean;
}

/** A call whose domain is built. */
export function live<const D extends string, Req extends z.ZodType, Data extends z.ZodType>(
  domain: D,
  opts: LiveOptions<Req, Data>,
): Endpoint<Req, Data> & { status: 'live'; list: 'none'; domain: D } {
  return {
    domain,
    summary: opts.summary,
    auth: opts.auth ?? true,
    operator: opts.access !== undefined,
    access: accessOf(opts),
    list: 'none',
    pageSize: PAGE_SIZE,
    request: opts.request,
    data: opts.data,
    errors: errorsOf(opts.errors, accessOf(opts)),
    status: 'live',
    extension: opts.extension ?? false,
  };
}

interface LiveListOptions<
  F extends z.ZodRawShape,
  Item extends z.ZodType,
  S extends 'size' | 'page_num',
  X extends z.ZodRawShape,
> {
  summary: string;
  auth?: boolean;
  access?: AccessOptions;
  /** Fields the answer carries beside `list` and `total`. */
  extraData?: X;
  style?: S;
  pageSize?: number;
  filters: F;
  item: Item;
  errors?: readonly ErrorName[];
  extension?: boolean;
}

/** A paged list call whose domain is built. */
export function liveList<
  const D extends string,
  F extends z.ZodRawShape,
  Item extends z.ZodType,
  S extends 'size' | 'page_num' = 'size',
  // biome-ignore lint/complexity/noBannedTypes: an empty shape is the default of no extra fields
  X extends z.ZodRawShape = {},
>(domain: D, opts: LiveListOptions<F, Item, S, X>) {
  const style = (opts.style ?? 'size') as S;
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const request = z.object({ ...opts.filters, ...pageFields(style, pageSize) } as F & PageFields<S>);
  const data = paged(opts.item).extend((opts.extraData ?? {}) as X);
  const ep: Endpoint<typeof request, typeof data> & { status: 'live'; domain: D } = {
    domain,
    summary: opts.summary,
    auth: opts.auth ?? true,
    operator: opts.access !== undefined,
    access: accessOf(opts),
    list: style,
    pageSize,
    request,
    data,
    errors: errorsOf(opts.errors, accessOf(opts)),
    status: 'live',
    extension: opts.extension ?? false,
  };
  return ep;
}

/** A request body the planned call accepts as it comes (free object, spec section 7). */
const plannedRequest = z.looseObject({});
const plannedData = z.unknown();

/** A call declared by the spec whose domain is not built yet: it answers NotAvailable. */
export function planned(
  domain: string,
  summary: string,
  opts: { list?: ListStyle; pageSize?: number; auth?: boolean } = {},
): Endpoint<typeof plannedRequest, typeof plannedData> & { status: 'planned' } {
  return {
    domain,
    summary,
    auth: opts.auth ?? true,
    operator: false,
    access: null,
    list: opts.list ?? 'none',
    pageSize: opts.pageSize ?? PAGE_SIZE,
    request: plannedRequest,
    data: plannedData,
    errors: ['NotAvailable'],
    status: 'planned',
    extension: false,
  };
}
