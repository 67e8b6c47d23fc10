import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/database.ts';
import type { MerchantNotificationPreferencesTable } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import {
  defaultMerchantPreferences,
  type MerchantNotificationPreferences,
  type MerchantTopic,
  normaliseNotificationEmail,
} from '../../domain/merchant-notification.ts';

/**
 * Which e-mails a merchant gets, and where (decision 0067). Everything is on, to the account
 * e-mail, until the merchant changes it; the delivery job reads them when each e-mail is due.
 */

export interface MerchantNotificationPreferencesView {
  object: 'merchant_notification_preferences';
  /** The address chosen; null: the account e-mail. */
  email: string | null;
  /** Where the e-mails go now: `email`, else the account e-mail. */
  sends_to: string;
  account: boolean;
  payouts: boolean;
  webhooks: boolean;
  disputes: boolean;
  /** Null until the merchant first changes something. */
  updated_at: string | null;
}

export interface MerchantPreferencesPatch extends Partial<Record<MerchantTopic, boolean>> {
  email?: string | null;
}

type Row = Omit<MerchantNotificationPreferencesTable, 'merchant_id' | 'updated_at'>;

function fromRow(row: Row): MerchantNotificationPreferences {
  return {
    email: row.email,
    topics: {
      account: row.account,
      payouts: row.payouts,
      webhooks: row.webhooks,
      disputes: row.disputes,
    },
  };
}

function toRow(p: MerchantNotificationPreferences): Row {
  return { email: p.email, ...p.topics };
}

/** Each merchant's preferences and the address its e-mails go to now. */
export async function merchantRecipients(
  db: Pick<Db, 'selectFrom'>,
  merchantIds: readonly string[],
): Promise<
  Map<string, { preferences: MerchantNotificationPreferences; email: string; name: string }>
> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('merchants as m')
    .leftJoin('merchant_notification_preferences as p', 'p.merchant_id', 'm.id')
    .select([
      'm.id',
      'm.email as account_email',
      'm.business_name',
      'p.email',
      'p.account',
      'p.payouts',
      'p.webhooks',
      'p.disputes',
    ])
    .where('m.id', 'in', [...new Set(merchantIds)])
    .execute();
  return new Map(
    rows.map((r) => {
      const preferences =
        r.account === null || r.payouts === null || r.webhooks === null || r.disputes === null
          ? defaultMerchantPreferences()
          : fromRow({
              email: r.email,
              account: r.account,
              payouts: r.payouts,
              webhooks: r.webhooks,
              disputes: r.disputes,
            });
      return [
        r.id,
        { preferences, email: preferences.email ?? r.account_email, name: r.business_name },
      ];
    }),
  );
}

function viewOf(
  p: MerchantNotificationPreferences,
  accountEmail: string,
  updatedAt: Date | null,
): MerchantNotificationPreferencesView {
  return {
    object: 'merchant_notification_preferences',
    email: p.email,
    sends_to: p.email ?? accountEmail,
    ...p.topics,
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

export async function getMerchantNotificationPreferences(
  ctx: AppContext,
  merchantId: string,
): Promise<MerchantNotificationPreferencesView> {
  const row = await ctx.db
    .selectFrom('merchants as m')
    .leftJoin('merchant_notification_preferences as p', 'p.merchant_id', 'm.id')
    .select(['m.email as account_email', 'p.updated_at'])
    .where('m.id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const found = (await merchantRecipients(ctx.db, [merchantId])).get(merchantId);
  return viewOf(
    found?.preferences ?? defaultMerchantPreferences(),
    row.account_email,
    row.updated_at,
  );
}

/** Changes what is given; the rest keeps its value. `email: null` goes back to the account e-mail. */
export async function updateMerchantNotificationPreferences(
  ctx: AppContext,
  merchantId: string,
  patch: MerchantPreferencesPatch,
): Promise<MerchantNotificationPreferencesView> {
  const email = patch.email === undefined ? undefined : normaliseNotificationEmail(patch.email);
  const now = ctx.clock.now();
  return runWrite(ctx.db, async (tx) => {
    // The merchant's row serialises changes, also the first two, when no preference row exists
    // yet to lock (NO KEY, as every merchant lock: ARCHITECTURE.md, "Lock order").
    const merchant = await tx
      .selectFrom('merchants')
      .select('email')
      .where('id', '=', merchantId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    const current = await tx
      .selectFrom('merchant_notification_preferences')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    const base = current ? fromRow(current) : defaultMerchantPreferences();
    const next: MerchantNotificationPreferences = {
      email: email === undefined ? base.email : email,
      topics: {
        account: patch.account ?? base.topics.account,
        payouts: patch.payouts ?? base.topics.payouts,
        webhooks: patch.webhooks ?? base.topics.webhooks,
        disputes: patch.disputes ?? base.topics.disputes,
      },
    };
    await tx
      .insertInto('merchant_notification_preferences')
      .values({ merchant_id: merchantId, ...toRow(next), updated_at: now })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...toRow(next), updated_at: now }))
      .execute();
    return viewOf(next, merchant.email, now);
  });
}
