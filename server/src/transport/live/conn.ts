import type { Socket } from 'node:net';
import type { WebSocket } from '@fastify/websocket';
import type { TextFrame } from './frames';

/** One live socket, as the subscriptions, the socket route and the fan-out share it. */
export interface Conn {
  readonly socket: WebSocket;
  /** The TCP socket under it: reset when cut off, so the kernel drops what it still holds for it. */
  readonly tcp: Socket;
  userId: number | null;
  /** `channel:instId` ('' for none) → id of the last push queued when it was subscribed. */
  readonly subs: Map<string, number>;
  dead: boolean;
  /** The pushes of the batch being sent that this socket takes, in order; empty between batches. */
  pending: Outgoing[];
}

/** A push serialized and framed once: the same bytes go to every subscriber (no per-socket encoding). */
export type Outgoing = (
  | { readonly id: number; readonly kind: 'public'; readonly keys: readonly string[] }
  | {
      readonly id: number;
      readonly kind: 'private';
      readonly channel: 'update_order' | 'positions' | 'notices';
      readonly userId: number;
      readonly instId: string | undefined;
    }
) & { readonly data: TextFrame };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A push before it is queued (the queue gives it its id). */
export type NewOutgoing = DistributiveOmit<Outgoing, 'id'>;

/** The key of a subscription: `channel:instId`, `channel:` for none. */
export const subKey = (channel: string, instId: string | undefined) => `${channel}:${instId ?? ''}`;

/** What the gateway counts as it goes (its stats). */
export interface Counters {
  /** Sockets terminated for holding more than the process's share unsent. */
  cutOff: number;
  /** The most a socket held in the process when it was cut off. */
  cutHeldMax: number;
  /** Sockets whose kernel send buffer could not be capped. */
  uncapped: number;
  /** Frames handed to sockets (pushes, acks, snapshots, pongs). */
  sent: number;
  /** Pushes serialized and framed. */
  serialized: number;
  /** Writes the fan-out made. */
  writes: number;
}

export const newCounters = (): Counters => ({
  cutOff: 0,
  cutHeldMax: 0,
  uncapped: 0,
  sent: 0,
  serialized: 0,
  writes: 0,
});
