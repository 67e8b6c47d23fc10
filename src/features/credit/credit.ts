import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { CreditBureauUnavailable, SANDBOX_CREDIT_BUREAU_NAME } from '../../credit/port.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { StoredCreditSummary } from '../../db/tables.ts';
import type { CreditStanding } from '../../domain/credit.ts';
import { CREDIT_RULES } from '../../domain/credit.ts';
import { DomainError } from '../../domain/errors.ts';
import { assertBvnWellFormed, assertDateOfBirth } from '../../domain/identity.ts';
import { newId } from '../../platform/ids.ts';
import type { CreditCheck as CreditCheckSchema } from './schemas.ts';

const DAY_MS = 86_400_000;

/**
 * What the customer is shown and agrees to before their BVN goes to the bureaus
 * (docs/credit-bureau-protocol.md §6). A new wording gets a new version; the version agreed to is
 * stored with each check.
 */
export const CREDIT_CONSENT = {
  version: 'credit-report-2026-11',
  text:
    'I agree that Tranche may send my BVN to Dojah, which will obtain my credit report from CRC Credit Bureau, FirstCentral Credit Bureau and CreditRegistry, so that Tranche can decide whether to offer me installments and how much. ' +
    `Tranche keeps a summary (open loans, overdue amounts, the credit score and its reasons), not the report, and checks again every ${CREDIT_RULES.validityDays} days when I next use Tranche. ` +
    'Each check is recorded on my credit report as an enquiry. I can withdraw this consent at any time in my account; no check is made after that.',
} as const;

export type CreditCheckView = Static<typeof CreditCheckSchema>;

export interface CreditConsent {
  /** Which text the customer agreed to (CREDIT_CONSENT.version). */
  textVersion: string;
  /** Where the customer agreed from. */
  ip: string | null;
  /**
   * A consent recorded elsewhere that covers the credit report (e.g. by the identity step);
   * unset: the check's own id is the reference.
   */
  reference?: string;
}

type CheckRow = {
  id: string;
  provider: string;
  checked_at: Date;
  expires_at: Date;
  outcome: 'report' | 'no_record' | 'subject_mismatch';
  summary: StoredCreditSummary | null;
  consent_withdrawn_at: Date | null;
};

/** The latest check that counts for this mode now: unexpired, consent held, not sandbox in live. */
async function latestValidCheck(
  db: Db | Tx,
  customerId: string,
  livemode: boolean,
  now: Date,
): Promise<CheckRow | undefined> {
  let query = db
    .selectFrom('credit_checks')
    .select([
      'id',
      'provider',
      'checked_at',
      'expires_at',
      'outcome',
      'summary',
      'consent_withdrawn_at',
    ])
    .where('customer_id', '=', customerId)
    .where('expires_at', '>', now)
    .where('consent_withdrawn_at', 'is', null);
  if (livemode) query = query.where('provider', '<>', SANDBOX_CREDIT_BUREAU_NAME);
  return query.orderBy('checked_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The customer's credit standing for eligibility and the score (decision 0047). */
export async function loadCreditStanding(
  db: Db | Tx,
  customerId: string,
  livemode: boolean,
  now: Date,
): Promise<CreditStanding> {
  const row = await latestValidCheck(db, customerId, livemode, now);
  if (!row) return { kind: 'none' };
  if (row.outcome !== 'report') return { kind: row.outcome };
  if (row.summary === null) return { kind: 'none' }; // the table's CHECK rules this out
  const s = row.summary;
  return {
    kind: 'report',
    facts: {
      bureausAnswered: s.bureausAnswered,
      scoreBand: s.scoreBand,
      scoreReasons: s.scoreReasons,
      openLoans: s.openLoans,
      delinquentFacilities: s.delinquentFacilities,
      maxDaysOverdue: s.maxDaysOverdue,
      enquiriesLast3Months: s.enquiriesLast3Months,
    },
  };
}

function view(row: CheckRow | undefined): CreditCheckView {
  return {
    object: 'credit_check',
    status: row ? 'checked' : 'not_checked',
    provider: row?.provider ?? null,
    outcome: row?.outcome ?? null,
    checked_at: row?.checked_at.toISOString() ?? null,
    expires_at: row?.expires_at.toISOString() ?? null,
    summary: row?.summary
      ? {
          bureaus: row.summary.bureausAnswered,
          score: row.summary.score,
          score_band: row.summary.scoreBand,
          score_reasons: row.summary.scoreReasons,
          open_loans: row.summary.openLoans,
          delinquent_facilities: row.summary.delinquentFacilities,
          max_days_overdue: row.summary.maxDaysOverdue,
          total_overdue: row.summary.totalOverdueKobo,
          total_outstanding: row.summary.totalOutstandingKobo,
          enquiries_last_3_months: row.summary.enquiriesLast3Months,
          last_reported_on: row.summary.lastReportedOn,
        }
      : null,
    consent: { version: CREDIT_CONSENT.version, text: CREDIT_CONSENT.text },
  };
}

/** What is held about the customer's credit (any mode), with the consent text to show. */
export async function getCreditCheck(
  ctx: AppContext,
  customerId: string,
): Promise<CreditCheckView> {
  const row = await latestValidCheck(ctx.db, customerId, false, ctx.clock.now());
  return view(row);
}

/**
 * Runs a credit bureau check under the customer's consent, once: a check younger than
 * CREDIT_RULES.recheckAfterDays is answered again without calling the bureau (every call is
 * billed and leaves an enquiry on the customer's report). The BVN must be the one the customer
 * verified (no checking someone else's credit); it is sent to the bureau and not stored. The
 * bureau is called outside any transaction; an unavailable bureau records nothing and is a 503 the
 * customer may retry, never a refusal.
 */
export async function runCreditCheck(
  ctx: AppContext,
  customerId: string,
  input: { bvn: string; dateOfBirth: string; consent: CreditConsent },
): Promise<CreditCheckView> {
  const now = ctx.clock.now();
  assertBvnWellFormed(input.bvn);
  assertDateOfBirth(input.dateOfBirth, now);
  if (input.consent.textVersion !== CREDIT_CONSENT.version) {
    throw new DomainError(
      'credit_consent_required',
      `Agree to the credit check (consent text ${CREDIT_CONSENT.version}) before it is run.`,
    );
  }
  const identity = await ctx.db
    .selectFrom('customer_identities')
    .select('bvn_digest')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (identity?.bvn_digest !== ctx.secretBox.keyedDigest('bvn', input.bvn)) {
    throw new DomainError(
      'credit_bvn_not_verified',
      'Verify your identity first; the credit check uses the BVN you verified.',
    );
  }
  const recent = await ctx.db
    .selectFrom('credit_checks')
    .select([
      'id',
      'provider',
      'checked_at',
      'expires_at',
      'outcome',
      'summary',
      'consent_withdrawn_at',
    ])
    .where('customer_id', '=', customerId)
    .where('provider', '=', ctx.creditBureau.name)
    .where('consent_withdrawn_at', 'is', null)
    .where('checked_at', '>', new Date(now.getTime() - CREDIT_RULES.recheckAfterDays * DAY_MS))
    .orderBy('checked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (recent) return view(recent);

  const id = newId('ccr');
  const consentReference = input.consent.reference ?? id;
  let outcome;
  try {
    outcome = await ctx.creditBureau.checkCredit({
      bvn: input.bvn,
      dateOfBirth: input.dateOfBirth,
      consentReference,
    });
  } catch (error) {
    if (error instanceof CreditBureauUnavailable) {
      throw new DomainError(
        'credit_bureau_unavailable',
        'We could not check your credit report right now. Nothing was recorded and this is not a refusal: try again in a few minutes.',
        { retryable: true },
      );
    }
    throw error;
  }
  const { outcome: kind } = outcome;
  const summary =
    outcome.outcome === 'report'
      ? {
          bureausAnswered: outcome.bureausAnswered,
          score: outcome.score,
          scoreBand: outcome.scoreBand,
          scoreReasons: outcome.scoreReasons,
          openLoans: outcome.openLoans,
          delinquentFacilities: outcome.delinquentFacilities,
          maxDaysOverdue: outcome.maxDaysOverdue,
          totalOverdueKobo: outcome.totalOverdueKobo,
          totalOutstandingKobo: outcome.totalOutstandingKobo,
          enquiriesLast3Months: outcome.enquiriesLast3Months,
          lastReportedOn: outcome.lastReportedOn,
        }
      : null;
  const row = {
    id,
    customer_id: customerId,
    provider: ctx.creditBureau.name,
    consent_reference: consentReference,
    consent_text_version: input.consent.textVersion,
    consented_at: now,
    consent_ip: input.consent.ip,
    checked_at: now,
    expires_at: new Date(now.getTime() + CREDIT_RULES.validityDays * DAY_MS),
    outcome: kind,
    provider_reference: outcome.outcome === 'report' ? outcome.providerReference : null,
    summary: summary === null ? null : JSON.stringify(summary),
  };
  await ctx.db.insertInto('credit_checks').values(row).execute();
  return view({ ...row, summary, consent_withdrawn_at: null });
}

/**
 * Withdraws the credit-report consent: no check is made or used after it (the stored summaries
 * stop counting at once), and live eligibility asks for a new consent.
 */
export async function withdrawCreditConsent(
  ctx: AppContext,
  customerId: string,
): Promise<CreditCheckView> {
  await ctx.db
    .updateTable('credit_checks')
    .set({ consent_withdrawn_at: ctx.clock.now() })
    .where('customer_id', '=', customerId)
    .where('consent_withdrawn_at', 'is', null)
    .execute();
  return view(undefined);
}
