import { lookup } from 'node:dns/promises';

import type { AppContext } from '../../app-context.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { randomBase62 } from '../../platform/ids.ts';
import {
  refusedWebhookHost,
  replaceWebhookSecret,
  webhookAddressRules,
} from '../merchant-webhooks/index.ts';

export function newWebhookSecret(): string {
  return `whsec_${randomBase62(43)}`;
}

export function validateWebhookUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DomainError('invalid_request', 'webhook_url must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new DomainError(
      'invalid_request',
      'webhook_url must use https (or http for local development).',
    );
  }
  if (parsed.username || parsed.password) {
    throw new DomainError('invalid_request', 'webhook_url must not contain credentials.');
  }
}

/** A slow resolver must not hold a settings update: unresolved counts as "not yet resolvable". */
const RESOLVE_TIMEOUT_MS = 2_000;

async function resolveHost(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('lookup timed out')), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(host, { all: true }), timeout]);
    return found.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The check of a webhook URL when it is set: the address policy's registration half (the
 * dispatcher checks every connection again). A live endpoint must be public; a test endpoint may
 * be loopback where `loopbackTestWebhooks` (TRANCHE_ENV development or test).
 */
export async function checkWebhookUrl(
  url: string,
  livemode: boolean,
  loopbackTestWebhooks: boolean,
): Promise<void> {
  validateWebhookUrl(url);
  const why = await refusedWebhookHost(
    new URL(url).hostname,
    resolveHost,
    webhookAddressRules(livemode, loopbackTestWebhooks).policy,
  );
  if (why) throw new DomainError('invalid_request', `webhook_url is not allowed: ${why}.`);
}

/** Overlap during which deliveries are also verifiable with the previous webhook secret. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60_000;

/**
 * Rolls one mode's webhook secret (decision 0015); the previous one keeps signing
 * (X-Tranche-Signature-Previous) for WEBHOOK_SECRET_OVERLAP_MS. The other mode's is untouched.
 */
export async function rollWebhookSecret(
  ctx: AppContext,
  merchantId: string,
  livemode: boolean,
): Promise<{ webhook_secret: string; previous_secret_expires_at: string; livemode: boolean }> {
  const now = ctx.clock.now();
  const secret = newWebhookSecret();
  const overlapEnds = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
  await runWrite(ctx.db, (tx) =>
    replaceWebhookSecret(tx, merchantId, livemode, ctx.secretBox.seal(secret), overlapEnds, now),
  );
  return {
    webhook_secret: secret,
    previous_secret_expires_at: overlapEnds.toISOString(),
    livemode,
  };
}
