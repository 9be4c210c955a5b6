import type { AuthUser } from '../../kernel/context';

interface Entry {
  readonly user: AuthUser;
  readonly expiresAtMs: number;
  /** When the store last said the session was good: past `recheck_ms` the next call asks again. */
  readonly checkedAtMs: number;
}

export interface SessionCacheOptions {
  /** Most sessions kept; the least recently resolved go first. */
  readonly max: number;
  /**
   * How long a resolved session is trusted without asking the store again. Logout and expiry take
   * effect at once in this process, and in cluster mode in every instance (the cache's announcements go
   * over NATS); this bounds how long a revocation made behind the server's back (an operator's database
   * change) can go unseen.
   */
  readonly recheck_ms: number;
}

/**
 * Resolved sessions by token hash, so a call costs no database query to learn its caller. Only sessions
 * the store confirmed are kept (an unknown token is asked every time and never fills the cache); an
 * entry past its session's expiry is never used.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #options: SessionCacheOptions;
  readonly #listeners = new Set<(tokenHash: string) => void>();

  constructor(options: SessionCacheOptions) {
    this.#options = options;
  }

  get(tokenHash: string, nowMs: number): AuthUser | null {
    const e = this.#entries.get(tokenHash);
    if (!e) return null;
    if (nowMs >= e.expiresAtMs || nowMs - e.checkedAtMs >= this.#options.recheck_ms) {
      this.#entries.delete(tokenHash);
      return null;
    }
    // Most recently used last: the oldest is the first one out when the cache is full.
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, e);
    return e.user;
  }

  set(tokenHash: string, user: AuthUser, expiresAtMs: number, nowMs: number): void {
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, { user, expiresAtMs, checkedAtMs: nowMs });
    while (this.#entries.size > this.#options.max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** Forgets a session here and tells the listeners (the hook cluster mode publishes through). */
  invalidate(tokenHash: string): void {
    this.#entries.delete(tokenHash);
    for (const l of this.#listeners) l(tokenHash);
  }

  /** Forgets a session without telling the listeners (another instance ended it and told this one). */
  drop(tokenHash: string): void {
    this.#entries.delete(tokenHash);
  }

  /** Forgets every session of a user (on a ban or a forced sign-out). */
  invalidateUser(userId: number): void {
    for (const [hash, e] of this.#entries) if (e.user.id === userId) this.invalidate(hash);
  }

  /** Called with each token hash this process invalidates. */
  onInvalidate(listener: (tokenHash: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#entries.size;
  }
}
