import type { CredentialCache, LoginState } from '../../app-context.ts';
import type { SecretKeyPrincipal } from '../../domain/principal.ts';
import { LOGINS_ENDED_PREFIX } from './credential-notifications.ts';

/**
 * How long, and how many, digests that match no key are remembered (decision 0033): a made-up
 * key costs one database lookup per process per minute, not one per request. A key issued
 * later with that very digest is not refused for longer than the TTL; in practice never, since
 * a key is 40 random characters, and any key roll or status change clears the list anyway.
 */
export const UNKNOWN_KEY_TTL_MS = 60_000;
export const UNKNOWN_KEY_MAX_ENTRIES = 10_000;

interface Entry {
  principal: SecretKeyPrincipal;
  keyExpiresAt: Date | null;
  cachedAtMs: number;
}

interface SessionEntry {
  state: LoginState;
  cachedAtMs: number;
}

/**
 * Resolved secret keys, kept briefly so the hot path (session creation) needs one database round
 * trip instead of two. Correctness does not rest on the TTL: every change that alters what a key
 * may do (revoke, roll, approve, deactivate, reactivate, settings) invalidates the merchant here
 * at once and, through PostgreSQL NOTIFY sent in the same transaction, in every other API process
 * (features/access/credential-notifications.ts). The TTL only bounds staleness if a notification were lost.
 *
 * Logins (refresh-token families, decision 0034) are kept the same way, so that an access token
 * costs no database round trip on most requests: a login's state, invalidated for its subject by
 * sign-out, a password change or reset, a replayed refresh token. A revoked login is final and
 * kept without TTL. A read that started before an invalidation is not stored (the epoch), so a
 * lookup racing a revocation cannot put the old "live" back.
 */
export class InMemoryCredentialCache implements CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly digestsByMerchant = new Map<string, Set<string>>();
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly sessionsBySubject = new Map<string, Set<string>>();
  private epoch = 0;
  /** Digests of no key, with when they were found so (insertion order: oldest first). */
  private readonly unknown = new Map<string, number>();
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxUnknown: number;

  constructor(ttlMs: number, maxEntries = 10_000, maxUnknown = UNKNOWN_KEY_MAX_ENTRIES) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxUnknown = maxUnknown;
  }

  get(digest: string, now: Date): SecretKeyPrincipal | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    const stale =
      now.getTime() - entry.cachedAtMs >= this.ttlMs || now.getTime() < entry.cachedAtMs;
    if (stale || (entry.keyExpiresAt && entry.keyExpiresAt <= now)) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry.principal;
  }

  set(digest: string, principal: SecretKeyPrincipal, keyExpiresAt: Date | null, now: Date): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      this.entries.clear();
      this.digestsByMerchant.clear();
    }
    this.entries.set(digest, { principal, keyExpiresAt, cachedAtMs: now.getTime() });
    const digests = this.digestsByMerchant.get(principal.merchantId) ?? new Set<string>();
    digests.add(digest);
    this.digestsByMerchant.set(principal.merchantId, digests);
  }

  isUnknown(digest: string, now: Date): boolean {
    const foundAtMs = this.unknown.get(digest);
    if (foundAtMs === undefined) return false;
    const ageMs = now.getTime() - foundAtMs;
    if (ageMs >= UNKNOWN_KEY_TTL_MS || ageMs < 0) {
      this.unknown.delete(digest);
      return false;
    }
    return true;
  }

  setUnknown(digest: string, now: Date): void {
    this.unknown.delete(digest);
    // Dropping the oldest keeps the bound without letting a flood of fresh digests empty the
    // list at once (a flood is bounded by the per-IP limit instead: rate-limit plugin).
    while (this.unknown.size >= this.maxUnknown) {
      const oldest = this.unknown.keys().next();
      if (oldest.done === true) break;
      this.unknown.delete(oldest.value);
    }
    this.unknown.set(digest, now.getTime());
  }

  /** Also forgets every unknown digest: a roll may just have issued a key (see the TTL above). */
  invalidateMerchant(merchantId: string): void {
    for (const digest of this.digestsByMerchant.get(merchantId) ?? []) this.entries.delete(digest);
    this.digestsByMerchant.delete(merchantId);
    this.unknown.clear();
  }

  getLogin(sessionId: string, now: Date): LoginState | undefined {
    const entry = this.sessions.get(sessionId);
    if (!entry) return undefined;
    const age = now.getTime() - entry.cachedAtMs;
    if (entry.state.live && (age >= this.ttlMs || age < 0)) {
      this.sessions.delete(sessionId);
      return undefined;
    }
    return entry.state;
  }

  loginEpoch(): number {
    return this.epoch;
  }

  setLogin(sessionId: string, state: LoginState, epochBeforeRead: number, now: Date): void {
    if (this.ttlMs <= 0 || epochBeforeRead !== this.epoch) return;
    if (this.sessions.size >= this.maxEntries) this.clearLogins();
    this.sessions.set(sessionId, { state, cachedAtMs: now.getTime() });
    const ids = this.sessionsBySubject.get(state.subject) ?? new Set<string>();
    ids.add(sessionId);
    this.sessionsBySubject.set(state.subject, ids);
  }

  invalidateLoginsOf(subject: string): void {
    this.epoch++;
    for (const id of this.sessionsBySubject.get(subject) ?? []) this.sessions.delete(id);
    this.sessionsBySubject.delete(subject);
  }

  forget(announcement: string): void {
    if (announcement.startsWith(LOGINS_ENDED_PREFIX)) {
      this.invalidateLoginsOf(announcement.slice(LOGINS_ENDED_PREFIX.length));
    } else this.invalidateMerchant(announcement);
  }

  clear(): void {
    this.entries.clear();
    this.digestsByMerchant.clear();
    this.unknown.clear();
    this.clearLogins();
  }

  private clearLogins(): void {
    this.epoch++;
    this.sessions.clear();
    this.sessionsBySubject.clear();
  }
}
