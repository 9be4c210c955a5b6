import { createRequire } from 'node:module';
import type { Socket } from 'node:net';

/*
 * What a live socket may hold on the server: the bytes `ws` and Node keep for it in the process
 * (`bufferedAmount`) and the bytes the kernel accepted and the client has not yet acknowledged (its send
 * buffer). Node counts only the first; the kernel's share, autotuned by Linux up to `net.ipv4.tcp_wmem`'s
 * maximum (4 MiB by default), is invisible to it: a client that never reads was measured to leave 3.9 MB in
 * the kernel before the process buffered a byte. Node has no setter for SO_SNDBUF, so the gateway sets it
 * through `sockopt` (a prebuilt N-API binding of setsockopt) on every live socket: Linux doubles the value
 * for its bookkeeping and stops autotuning it, so the kernel then holds at most twice the request plus the
 * one segment being built (64 KiB; measured 159 KiB for a 64 KiB request). The process cut-off is what is
 * left of the total.
 */

/** SO_SNDBUF asked for each live socket. */
export const KERNEL_SNDBUF = 64 * 1024;
/** What the kernel holds for a capped socket at most: twice the request (Linux) and one 64 KiB segment. */
export const KERNEL_HELD_MAX = 2 * KERNEL_SNDBUF + 64 * 1024;
/** What one live socket may hold on the server in all, process and kernel, before it is cut off. */
export const MAX_HELD_BYTES = 1024 * 1024;
/** The process's share: a socket whose unsent bytes would pass this with the next write is cut off. */
export const MAX_BUFFERED_BYTES = MAX_HELD_BYTES - KERNEL_HELD_MAX;

interface SockOpt {
  setsockopt(socket: Socket, level: number, name: number, value: number): void;
}

/** SOL_SOCKET and SO_SNDBUF where they are known (the binding passes raw numbers). */
const NAMES: Partial<Record<NodeJS.Platform, { readonly level: number; readonly sndbuf: number }>> = {
  linux: { level: 1, sndbuf: 7 },
  darwin: { level: 0xffff, sndbuf: 0x1001 },
};

function load(): { readonly lib: SockOpt; readonly level: number; readonly sndbuf: number } | string {
  const names = NAMES[process.platform];
  if (!names) return `no socket option names for ${process.platform}`;
  try {
    const lib = createRequire(import.meta.url)('sockopt') as SockOpt;
    return { lib, ...names };
  } catch (err) {
    return `sockopt did not load: ${err instanceof Error ? err.message : String(err)}`;
  }
}

let binding: ReturnType<typeof load> | null = null;

/** Why the kernel's send buffer cannot be capped here, or null when it can. */
export function sendBufferCapUnavailable(): string | null {
  binding ??= load();
  return typeof binding === 'string' ? binding : null;
}

/**
 * Caps the socket's kernel send buffer at KERNEL_SNDBUF (Linux keeps twice that); false when it cannot be
 * set (no binding on this platform, or the socket already closed).
 */
export function capSendBuffer(socket: Socket): boolean {
  binding ??= load();
  if (typeof binding === 'string') return false;
  try {
    binding.lib.setsockopt(socket, binding.level, binding.sndbuf, KERNEL_SNDBUF);
    return true;
  } catch {
    return false;
  }
}
