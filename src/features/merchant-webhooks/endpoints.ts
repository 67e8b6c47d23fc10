import type { Db, Tx } from '../../db/database.ts';
import type { WebhookEndpointRow } from '../../db/schema.ts';
import { notFound } from '../../domain/errors.ts';

/**
 * A merchant's webhook endpoints: one per mode (decision 0015), each with its own URL, signing
 * secret (and the previous one during a roll's overlap) and 410-Gone disable. Test events go to
 * the test endpoint signed with the test secret, live events to the live one; nothing here
 * crosses modes. The dispatcher reads them in its claim (features/merchant-webhooks/outbox-queries.ts).
 */
export async function loadWebhookEndpoints(
  db: Db | Tx,
  merchantIds: readonly string[],
): Promise<Map<string, WebhookEndpointRow[]>> {
  const byMerchant = new Map<string, WebhookEndpointRow[]>();
  if (merchantIds.length === 0) return byMerchant;
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('merchant_id', 'in', [...merchantIds])
    .execute();
  for (const row of rows) {
    const list = byMerchant.get(row.merchant_id);
    if (list) list.push(row);
    else byMerchant.set(row.merchant_id, [row]);
  }
  return byMerchant;
}

export async function loadWebhookEndpoint(
  db: Db | Tx,
  merchantId: string,
  livemode: boolean,
  options: { lock?: boolean } = {},
): Promise<WebhookEndpointRow> {
  const query = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('livemode', '=', livemode);
  const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound('Merchant');
  return row;
}

/** A new merchant's two endpoints: no URL yet, each with its own secret. */
export async function insertWebhookEndpoints(
  tx: Tx,
  merchantId: string,
  sealedSecrets: { test: string; live: string },
  now: Date,
): Promise<WebhookEndpointRow[]> {
  return tx
    .insertInto('webhook_endpoints')
    .values(
      ([false, true] as const).map((livemode) => ({
        merchant_id: merchantId,
        livemode,
        url: null,
        secret_sealed: livemode ? sealedSecrets.live : sealedSecrets.test,
        previous_secret_sealed: null,
        previous_secret_expires_at: null,
        disabled_at: null,
        disabled_reason: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returningAll()
    .execute();
}

/**
 * Sets (or with null clears) one mode's URL. Setting it again, even to the same address,
 * re-enables an endpoint disabled by a 410 Gone.
 */
export async function setWebhookUrl(
  tx: Tx,
  merchantId: string,
  livemode: boolean,
  url: string | null,
  now: Date,
): Promise<void> {
  const result = await tx
    .updateTable('webhook_endpoints')
    .set({ url, disabled_at: null, disabled_reason: null, updated_at: now })
    .where('merchant_id', '=', merchantId)
    .where('livemode', '=', livemode)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Merchant');
}

/**
 * Replaces one mode's secret; the one it replaces keeps signing (X-Tranche-Signature-Previous)
 * until `overlapEnds`. The other mode's secrets are untouched.
 */
export async function replaceWebhookSecret(
  tx: Tx,
  merchantId: string,
  livemode: boolean,
  sealedSecret: string,
  overlapEnds: Date,
  now: Date,
): Promise<void> {
  const current = await loadWebhookEndpoint(tx, merchantId, livemode, { lock: true });
  await tx
    .updateTable('webhook_endpoints')
    .set({
      secret_sealed: sealedSecret,
      previous_secret_sealed: current.secret_sealed,
      previous_secret_expires_at: overlapEnds,
      updated_at: now,
    })
    .where('merchant_id', '=', merchantId)
    .where('livemode', '=', livemode)
    .execute();
}
