import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError } from '../../domain/errors.ts';
import { DEFAULT_GOODS_RELEASE_RULE, DEFAULT_MIN_CUSTOMER_TIER } from '../../domain/merchant.ts';
import { DEFAULT_SESSION_CONSTRAINTS } from '../../domain/session-constraints.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { insertWebhookEndpoints } from '../merchant-webhooks/index.ts';
import { issueSecretKey } from './api-keys.ts';
import { issuePublishableKey } from './publishable-keys.ts';
import type { MerchantCredentials as MerchantCredentialsSchema } from './schemas.ts';
import { constraintsToStored } from './settings.ts';
import { merchantView } from './views.ts';
import { newWebhookSecret } from './webhook-settings.ts';

/** The credentials a new merchant receives once: keys and webhook secrets are never shown again. */
/** What registration answers once: the merchant, its secret keys and its webhook secrets. */
export type MerchantCredentials = Static<typeof MerchantCredentialsSchema>;

export interface NewMerchantInput {
  businessName: string;
  email: string;
  password?: string;
  approve?: boolean;
}

/** Self-registration (API, dashboard) and operator creation (CLI) share this path. */
export async function createMerchant(
  ctx: AppContext,
  input: NewMerchantInput,
): Promise<MerchantCredentials> {
  const now = ctx.clock.now();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const webhookSecrets = { test: newWebhookSecret(), live: newWebhookSecret() };
  try {
    return await runWrite(ctx.db, async (tx) => {
      const row = await tx
        .insertInto('merchants')
        .values({
          id: newId('mer'),
          business_name: input.businessName.trim(),
          email: input.email.trim(),
          password_hash: passwordHash,
          status: input.approve ? 'active' : 'pending_approval',
          approved_at: input.approve ? now : null,
          deactivated_at: null,
          settlement_bank_code: null,
          settlement_account_number: null,
          default_constraints: JSON.stringify(constraintsToStored(DEFAULT_SESSION_CONSTRAINTS)),
          min_customer_tier: DEFAULT_MIN_CUSTOMER_TIER,
          goods_release_rule: JSON.stringify(DEFAULT_GOODS_RELEASE_RULE),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const endpoints = await insertWebhookEndpoints(
        tx,
        row.id,
        {
          test: ctx.secretBox.seal(webhookSecrets.test),
          live: ctx.secretBox.seal(webhookSecrets.live),
        },
        now,
      );
      const test = await issueSecretKey(tx, row.id, 'test', now);
      const live = await issueSecretKey(tx, row.id, 'live', now);
      const publishableTest = await issuePublishableKey(tx, row.id, 'test', now);
      const publishableLive = await issuePublishableKey(tx, row.id, 'live', now);
      return {
        merchant: merchantView(row, endpoints),
        secret_keys: { test: test.secret, live: live.secret },
        publishable_keys: { test: publishableTest.key, live: publishableLive.key },
        webhook_secrets: webhookSecrets,
        webhook_secret: webhookSecrets.test,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'merchants_email_key')) {
      // Also what the owner of an account created with the CLI reads (it has no password yet).
      throw new DomainError(
        'email_taken',
        'A merchant account with this email already exists. Sign in, or set a password with “Forgot password?” (/merchant/forgot-password).',
      );
    }
    throw error;
  }
}
