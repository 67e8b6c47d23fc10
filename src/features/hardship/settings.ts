import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import {
  DEFAULT_HARDSHIP_SETTINGS,
  type HardshipSettings,
  validateHardshipSettings,
} from '../../domain/hardship.ts';
import type { HardshipSettings as HardshipSettingsSchema } from './schemas.ts';

export type HardshipSettingsView = Static<typeof HardshipSettingsSchema>;

/** The merchant's limits; the defaults when it never set any. */
export async function loadHardshipSettings(
  db: Db | Tx,
  merchantId: string,
): Promise<HardshipSettings> {
  const row = await db
    .selectFrom('hardship_settings')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!row) return DEFAULT_HARDSHIP_SETTINGS;
  return {
    maxMoveDays: row.max_move_days,
    maxExtraInstallments: row.max_extra_installments,
    autoApprove: row.auto_approve,
  };
}

export function hardshipSettingsView(settings: HardshipSettings): HardshipSettingsView {
  return {
    max_move_days: settings.maxMoveDays,
    max_extra_installments: settings.maxExtraInstallments,
    auto_approve: settings.autoApprove,
  };
}

export async function getHardshipSettings(
  ctx: AppContext,
  merchantId: string,
): Promise<HardshipSettingsView> {
  return hardshipSettingsView(await loadHardshipSettings(ctx.db, merchantId));
}

/** Replaces the merchant's limits (both modes: they are the shop's policy, not a mode's). */
export async function updateHardshipSettings(
  ctx: AppContext,
  merchantId: string,
  settings: HardshipSettings,
): Promise<HardshipSettingsView> {
  validateHardshipSettings(settings);
  const now = ctx.clock.now();
  await runWrite(ctx.db, async (tx) => {
    await tx
      .insertInto('hardship_settings')
      .values({
        merchant_id: merchantId,
        max_move_days: settings.maxMoveDays,
        max_extra_installments: settings.maxExtraInstallments,
        auto_approve: settings.autoApprove,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('merchant_id').doUpdateSet({
          max_move_days: settings.maxMoveDays,
          max_extra_installments: settings.maxExtraInstallments,
          auto_approve: settings.autoApprove,
          updated_at: now,
        }),
      )
      .execute();
  });
  return hardshipSettingsView(settings);
}
