import type { CredentialCache } from '../../app-context.ts';
import type { SecretKeyPrincipal } from '../../domain/principal.ts';

interface Entry {
  principal: SecretKeyPrincipal;
  keyExpiresAt: Date | null;
  cachedAtMs: number;
}

/**
 * Resolved secret keys, kept briefly so the hot path (session creation) needs one database round
 * trip instead of two. Correctness does not rest on the TTL: every change that alters what a key
 * may do (revoke, roll, approve, deactivate, reactivate, settings) invalidates the merchant here
 * at once and, through PostgreSQL NOTIFY sent in the same transaction, in every other API process
 * (features/access/credential-notifications.ts). The TTL only bounds staleness if a notification were lost.
 */
export class InMemoryCredentialCache implements CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private readonly digestsByMerchant = new Map<string, Set<string>>();
  readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries = 10_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
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
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(digest, { principal, keyExpiresAt, cachedAtMs: now.getTime() });
    const digests = this.digestsByMerchant.get(principal.merchantId) ?? new Set<string>();
    digests.add(digest);
    this.digestsByMerchant.set(principal.merchantId, digests);
  }

  invalidateMerchant(merchantId: string): void {
    for (const digest of this.digestsByMerchant.get(merchantId) ?? []) this.entries.delete(digest);
    this.digestsByMerchant.delete(merchantId);
  }

  clear(): void {
    this.entries.clear();
    this.digestsByMerchant.clear();
  }
}
