import { createHash } from 'node:crypto';

import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BusinessDetailsRow, MerchantRow } from '../../db/schema.ts';
import { runWrite } from '../../db/write.ts';
import {
  approvalBlockers,
  DIRECTOR_CHECK_WORDS,
  directorCheckOf,
  normaliseBusinessDetails,
} from '../../domain/business-details.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertBvnWellFormed, assertDateOfBirth, bvnLast4 } from '../../domain/identity.ts';
import { type BvnCheckOutcome, IdentityProviderUnavailable } from '../../identity/port.ts';
import { newId } from '../../platform/ids.ts';
import { findMerchant } from './queries.ts';
import type { BusinessDetails } from './schemas.ts';

export type BusinessDetailsView = Static<typeof BusinessDetails>;

/**
 * The text the dashboard user agrees to before the director's BVN is sent (decision 0074, as
 * decision 0046 for customers). Versioned and never edited in place: a change is a new version.
 */
const CONSENT_TEXTS: Record<string, string> = {
  'director-2026-11-28-dojah': [
    'I confirm that the director named here agreed that Tranche may check their identity before approving this business for live payments. To do so, Tranche sends their BVN, names and date of birth to Dojah Inc., which checks them, on Tranche’s behalf, against the BVN record held by NIBSS and tells Tranche whether they match.',
    'Tranche keeps the result, the last four digits of the BVN and a one-way digest of it, not the BVN, the date of birth or the BVN record.',
  ].join('\n\n'),
  'director-2026-11-28-sandbox': [
    'Test mode. I confirm the director named here agreed that Tranche may check their identity with its sandbox test provider, which knows only test BVNs: no real BVN record is consulted.',
    'Tranche keeps the result, the last four digits of the BVN and a one-way digest of it.',
  ].join('\n\n'),
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function directorConsentText(providerName: string) {
  const version =
    providerName === 'sandbox' ? 'director-2026-11-28-sandbox' : 'director-2026-11-28-dojah';
  const text = CONSENT_TEXTS[version] ?? '';
  return { version, text, sha256: sha256(text) };
}

/** A director BVN and date of birth the test providers verify (sandbox mode's "fill in"). */
function testValues(providerName: string): BusinessDetailsView['test_values'] {
  if (providerName === 'sandbox') {
    return { director_bvn: '22100000001', date_of_birth: '1990-01-15' };
  }
  if (providerName === 'dojah-simulator') {
    return { director_bvn: '22310000001', date_of_birth: '1990-01-15' };
  }
  return null;
}

/** Failed director checks a merchant may have in a day: enough for typos, too few to probe BVNs. */
export const MAX_FAILED_DIRECTOR_CHECKS = 5;
const FAILURE_WINDOW_MS = 24 * 60 * 60_000;
const failureKey = (merchantId: string) => `director-check-fail:${merchantId}`;

/** What approval reads, and what it tells the operator (decision 0074). */
export function blockersOf(
  merchant: Pick<
    MerchantRow,
    'settlement_bank_code' | 'settlement_account_number' | 'settlement_account_name'
  >,
  details: Pick<BusinessDetailsRow, 'director_check'> | undefined,
): string[] {
  const hasAccount =
    merchant.settlement_bank_code !== null && merchant.settlement_account_number !== null;
  return approvalBlockers({
    details: details ? { directorCheck: details.director_check } : null,
    settlementAccount: hasAccount ? { named: merchant.settlement_account_name !== null } : null,
  });
}

export function findBusinessDetails(
  db: Db | Tx,
  merchantId: string,
): Promise<BusinessDetailsRow | undefined> {
  return db
    .selectFrom('merchant_business_details')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export function businessDetailsView(
  ctx: AppContext,
  merchant: MerchantRow,
  row: BusinessDetailsRow | undefined,
): BusinessDetailsView {
  const blockers = blockersOf(merchant, row);
  return {
    object: 'business_details',
    merchant_id: merchant.id,
    submission: row
      ? {
          registered_name: row.registered_name,
          registration_number: row.registration_number,
          tax_id: row.tax_id,
          address: { street: row.street, city: row.city, state: row.state },
          director: {
            first_name: row.director_first_name,
            last_name: row.director_last_name,
            bvn_last4: row.director_bvn_last4,
            check: row.director_check,
            check_detail: DIRECTOR_CHECK_WORDS[row.director_check],
            checked_at: row.director_checked_at.toISOString(),
            provider: row.director_check_provider,
          },
          submitted_at: row.submitted_at.toISOString(),
          submitted_by: row.submitted_by,
          reviewed_at: row.reviewed_at?.toISOString() ?? null,
        }
      : null,
    settlement_account:
      merchant.settlement_bank_code && merchant.settlement_account_number
        ? {
            bank_code: merchant.settlement_bank_code,
            account_number: merchant.settlement_account_number,
            account_name: merchant.settlement_account_name,
          }
        : null,
    ready_for_approval: blockers.length === 0,
    blockers,
    changed_since_approval:
      merchant.status === 'active' &&
      row !== undefined &&
      (row.reviewed_at === null || row.submitted_at > row.reviewed_at),
    director_consent: directorConsentText(ctx.identity.name),
    test_values: testValues(ctx.identity.name),
  };
}

export async function getBusinessDetails(
  ctx: AppContext,
  merchantId: string,
): Promise<BusinessDetailsView> {
  const merchant = await findMerchant(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  return businessDetailsView(ctx, merchant, await findBusinessDetails(ctx.db, merchantId));
}

export interface BusinessDetailsSubmission {
  registeredName: string;
  registrationNumber: string;
  taxId?: string | null | undefined;
  street: string;
  city: string;
  state: string;
  director: { firstName: string; lastName: string; dateOfBirth: string; bvn: string };
  consent?: { textVersion: string; agreed: boolean } | undefined;
}

/** Who submits, and from where (recorded with the director's consent). */
export interface SubmissionOrigin {
  submittedBy: string;
  ip: string;
  userAgent: string;
}

/**
 * Records the merchant's business details and checks its director's BVN with the identity
 * provider (decision 0074): the input is checked first (400 naming each field), then the consent
 * is committed, then the provider is asked outside any transaction, then the submission is saved
 * with the outcome, whatever it is (a failed check is shown to the merchant and the operator,
 * and refuses approval). A provider without a usable answer saves nothing (503, retry).
 */
export async function submitBusinessDetails(
  ctx: AppContext,
  merchantId: string,
  input: BusinessDetailsSubmission,
  origin: SubmissionOrigin,
  log: (error: unknown, message: string) => void,
): Promise<BusinessDetailsView> {
  const now = ctx.clock.now();
  const details = normaliseBusinessDetails({
    registeredName: input.registeredName,
    registrationNumber: input.registrationNumber,
    taxId: input.taxId,
    street: input.street,
    city: input.city,
    state: input.state,
    directorFirstName: input.director.firstName,
    directorLastName: input.director.lastName,
  });
  assertBvnWellFormed(input.director.bvn);
  assertDateOfBirth(input.director.dateOfBirth, now);
  const shown = directorConsentText(ctx.identity.name);
  if (!input.consent?.agreed) {
    throw new DomainError(
      'consent_required',
      `The director's consent is needed first: show the consent text (director_consent in GET …/business-details) and send consent: { text_version: "${shown.version}", agreed: true } once the box is ticked. The BVN was not sent.`,
    );
  }
  if (input.consent.textVersion !== shown.version) {
    throw new DomainError(
      'consent_text_outdated',
      `The consent text "${input.consent.textVersion}" is not the one in use ("${shown.version}"): show the current text and ask again. The BVN was not sent.`,
    );
  }
  const merchant = await findMerchant(ctx.db, merchantId);
  if (!merchant) throw notFound('Merchant');
  const nowMs = now.getTime();
  const failures = await ctx.rateLimits.peek(failureKey(merchantId), FAILURE_WINDOW_MS, nowMs);
  if (failures.count >= MAX_FAILED_DIRECTOR_CHECKS) {
    const retryAfterSeconds = Math.max(1, Math.ceil((failures.resetAtMs - nowMs) / 1000));
    throw new DomainError(
      'verification_throttled',
      `Too many failed director checks today. Try again in ${Math.ceil(retryAfterSeconds / 3600)} hours.`,
      { retryable: true, retryAfterSeconds },
    );
  }

  // The consent row exists, committed, before the BVN leaves Tranche.
  const digest = ctx.secretBox.keyedDigest('bvn', input.director.bvn);
  const consentId = newId('dcn');
  await runWrite(ctx.db, async (tx) => {
    await tx
      .insertInto('director_consents')
      .values({
        id: consentId,
        merchant_id: merchantId,
        text_version: shown.version,
        text_sha256: shown.sha256,
        provider: ctx.identity.name,
        bvn_digest: digest,
        given_by: origin.submittedBy.slice(0, 200),
        ip_address: origin.ip.slice(0, 100),
        user_agent: origin.userAgent.slice(0, 500),
        given_at: now,
      })
      .execute();
  });

  let outcome: BvnCheckOutcome;
  try {
    outcome = await ctx.identity.checkBvn({
      bvn: input.director.bvn,
      dateOfBirth: input.director.dateOfBirth,
      firstName: details.directorFirstName,
      lastName: details.directorLastName,
      consentId,
    });
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) {
      log(
        error,
        error.needsOperator
          ? 'identity provider refused Tranche itself (credentials or balance): an operator must act'
          : 'identity provider unavailable (director check)',
      );
      throw new DomainError(
        'identity_provider_unavailable',
        'The director’s BVN could not be checked just now. Nothing was saved; submit again in a few minutes.',
        { retryable: true },
      );
    }
    throw error;
  }
  const check = directorCheckOf(outcome);
  if (check !== 'verified') {
    await ctx.rateLimits.hit(failureKey(merchantId), FAILURE_WINDOW_MS, nowMs);
  }
  const row = {
    registered_name: details.registeredName,
    registration_number: details.registrationNumber,
    tax_id: details.taxId,
    street: details.street,
    city: details.city,
    state: details.state,
    director_first_name: details.directorFirstName,
    director_last_name: details.directorLastName,
    director_bvn_digest: digest,
    director_bvn_last4: bvnLast4(input.director.bvn),
    director_check: check,
    director_check_provider: ctx.identity.name,
    // Of the provider's answer only the record's reference is kept, and only when it vouches.
    director_check_reference:
      outcome.outcome === 'verified' && check === 'verified' ? outcome.providerReference : null,
    director_checked_at: now,
    director_consent_id: consentId,
    submitted_by: origin.submittedBy.slice(0, 200),
    submitted_at: now,
  };
  const saved = await runWrite(ctx.db, async (tx) =>
    tx
      .insertInto('merchant_business_details')
      .values({ merchant_id: merchantId, ...row, reviewed_at: null })
      // An edit keeps reviewed_at: a submission after it is a change no operator has approved.
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet(row))
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return businessDetailsView(ctx, (await findMerchant(ctx.db, merchantId)) ?? merchant, saved);
}

/**
 * In the approval's transaction: refuses (409 `business_details_incomplete`, naming what is
 * missing) unless the details are in and verified and the settlement account is named, then
 * marks the details reviewed.
 */
export async function assertApprovable(tx: Tx, merchant: MerchantRow, now: Date): Promise<void> {
  const details = await tx
    .selectFrom('merchant_business_details')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .forUpdate()
    .executeTakeFirst();
  const blockers = blockersOf(merchant, details);
  if (blockers.length > 0) {
    throw new DomainError(
      'business_details_incomplete',
      `${merchant.business_name} cannot be approved yet. ${blockers.join(' ')}`,
    );
  }
  await tx
    .updateTable('merchant_business_details')
    .set({ reviewed_at: now })
    .where('merchant_id', '=', merchant.id)
    .execute();
}
