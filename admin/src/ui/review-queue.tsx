import { Drawer, Segmented, Space } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import type { AdminListPath, ListItem } from '../api';
import { useAction } from '../console';
import { type ConfirmOptions, useConfirmWithReason } from './confirm-with-reason';
import { type DataColumn, DataTable, type Page } from './data-table';
import { type ListFilters, useListLoader } from './lists';
import { ScreenTitle } from './screen';

/** The list calls whose rows carry an `id` and that filter by `status`: the queues operators work through. */
export type QueuePath = {
  [P in AdminListPath]: ListItem<P> extends { readonly id: number }
    ? ListFilters<P> extends { status?: unknown }
      ? P
      : never
    : never;
}[AdminListPath];

/** The option of the status filter that sets no filter. */
export const ALL = 'all';

/** A queue's status filter: one of the statuses its list call takes, or every status. */
export type QueueStatus<P extends QueuePath> =
  | Exclude<ListFilters<P> extends { status?: infer S } ? S : never, undefined>
  | typeof ALL;

/** The status filter of a queue of decisions whose rows end approved or rejected (`failed` on the wire). */
export const DECISION_STATUSES = [
  { label: 'Pending', value: 'pending' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'failed' },
  { label: 'All', value: ALL },
] as const;

export interface AskOptions<T, R> extends Omit<ConfirmOptions, 'action'> {
  /** The call, made with the typed reason. */
  readonly call: (reason: string) => Promise<R>;
  /** Words shown when it went through. */
  readonly done: string;
  /** The row the drawer shows once it went through, from the call's answer; without it the drawer closes. */
  readonly next?: (out: R) => T | null;
}

export interface Queue<P extends QueuePath> {
  readonly status: QueueStatus<P>;
  readonly setStatus: (status: QueueStatus<P>) => void;
  readonly load: (page: number, size: number) => Promise<Page<ListItem<P>>>;
  /** Changes after each action that went through: the table loads its page again. */
  readonly reloadKey: number;
  /** The row open in the drawer. */
  readonly open: ListItem<P> | null;
  /** Opens a row in the drawer, or closes it (null). */
  readonly show: (row: ListItem<P> | null) => void;
  /** A call made with `act` is under way. */
  readonly busy: boolean;
  /**
   * Makes a call at once (no reason asked) and tells how it went; when it went through, the drawer shows
   * `next` of its answer (closes without it) and the list reloads. Answers whether it went through.
   */
  readonly act: <R>(
    call: () => Promise<R>,
    done: string,
    next?: (out: R) => ListItem<P> | null,
  ) => Promise<boolean>;
  /** Asks for a typed reason and what will happen first (ConfirmWithReason), then makes the call with it. */
  readonly ask: <R>(options: AskOptions<ListItem<P>, R>) => void;
  /** The confirmation, rendered once by the screen (ReviewQueue does). */
  readonly confirmation: ReactNode;
}

/**
 * The state of a review queue: the status filter (`initial` first), the page loader of the list call, the row
 * open in the drawer, and the actions on it, each asking for a reason where it should.
 */
export function useReviewQueue<P extends QueuePath>(
  path: P,
  initial: QueueStatus<P>,
  options: { readonly onShow?: (row: ListItem<P> | null) => void } = {},
): Queue<P> {
  const runAction = useAction();
  const confirm = useConfirmWithReason();
  const [status, setStatus] = useState<QueueStatus<P>>(initial);
  const [open, setOpen] = useState<ListItem<P> | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const load = useListLoader(path, (status === ALL ? {} : { status }) as ListFilters<P>);
  const { onShow } = options;

  const show = useCallback(
    (row: ListItem<P> | null) => {
      onShow?.(row);
      setOpen(row);
    },
    [onShow],
  );

  const perform = async <R,>(
    call: () => Promise<R>,
    done: string,
    next?: (out: R) => ListItem<P> | null,
  ): Promise<boolean> => {
    const out = await runAction(call, done);
    if (out === null) return false;
    setOpen(next ? next(out) : null);
    setReloadKey((n) => n + 1);
    return true;
  };

  const act = async <R,>(call: () => Promise<R>, done: string, next?: (out: R) => ListItem<P> | null) => {
    setBusy(true);
    try {
      return await perform(call, done, next);
    } finally {
      setBusy(false);
    }
  };

  const ask = <R,>({ call, done, next, ...words }: AskOptions<ListItem<P>, R>) =>
    confirm.ask({ ...words, action: (reason) => perform(() => call(reason), done, next) });

  return {
    status,
    setStatus,
    load,
    reloadKey,
    open,
    show,
    busy,
    act,
    ask,
    confirmation: confirm.element,
  };
}

export interface ReviewQueueProps<P extends QueuePath> {
  readonly queue: Queue<P>;
  readonly title: string;
  readonly note: string;
  /** The screen's own buttons beside its title. */
  readonly extra?: ReactNode;
  /** Names the table (column choice, test ids). */
  readonly id: string;
  readonly columns: readonly DataColumn<ListItem<P>>[];
  readonly emptyText: string;
  /** The status filter's options, in order. */
  readonly statuses: readonly { readonly label: string; readonly value: QueueStatus<P> }[];
  /** More in the table's bar, after the status filter. */
  readonly toolbar?: ReactNode;
  /** A row opened (click or Enter) shows in a drawer: its details and the actions on it. */
  readonly drawer?: {
    readonly size: number;
    readonly title: (row: ListItem<P>) => string;
    /** The buttons at the drawer's top; null for none. */
    readonly actions: (row: ListItem<P>) => ReactNode;
    readonly body: (row: ListItem<P>) => ReactNode;
  };
  /** More of the screen (another drawer of its own). */
  readonly children?: ReactNode;
}

/**
 * A screen over one review queue: its title, the list filtered by status, a row's details and actions in a
 * drawer, and the confirmation with a typed reason.
 */
export function ReviewQueue<P extends QueuePath>(props: ReviewQueueProps<P>) {
  const { queue, drawer } = props;
  const { open } = queue;
  const actions = open && drawer ? drawer.actions(open) : null;
  return (
    <>
      <ScreenTitle title={props.title} note={props.note} extra={props.extra} />
      <DataTable
        id={props.id}
        load={queue.load}
        columns={props.columns}
        // Every queue's rows carry an id (QueuePath).
        rowKey={(row) => (row as { readonly id: number }).id}
        onOpen={drawer ? queue.show : undefined}
        reloadKey={queue.reloadKey}
        emptyText={props.emptyText}
        toolbar={
          <>
            <Segmented<QueueStatus<P>>
              value={queue.status}
              onChange={queue.setStatus}
              options={[...props.statuses]}
            />
            {props.toolbar}
          </>
        }
      />
      {drawer ? (
        <Drawer
          open={open !== null}
          onClose={() => queue.show(null)}
          size={drawer.size}
          title={open ? drawer.title(open) : ''}
          extra={actions ? <Space>{actions}</Space> : null}
        >
          {open ? drawer.body(open) : null}
        </Drawer>
      ) : null}
      {props.children}
      {queue.confirmation}
    </>
  );
}
