import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { runWrite } from '../../db/write.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { assertBvnWellFormed, assertDateOfBirth, bvnLast4 } from '../../domain/identity.ts';
import { type BvnCheckOutcome, IdentityProviderUnavailable } from '../../identity/port.ts';
import { newId } from '../../platform/ids.ts';
import { consentTextFor, currentConsentText } from './consent-text.ts';
import type { ConsentTextView, Identity } from './schemas.ts';

export type IdentityView = Static<typeof Identity>;
export type ConsentTextResponse = Static<typeof ConsentTextView>;

/** Failed checks allowed per customer in a day: enough for typos, too few to probe for BVNs. */
export const MAX_FAILED_VERIFICATIONS = 5;
export const VERIFICATION_FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** How long the code sent to the phone on the BVN record may be entered (our number, §8). */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes before a new check (and a new code) is needed (§4). */
export const MAX_PHONE_CODE_ATTEMPTS = 5;

const failureKey = (customerId: string) => `identity-fail:${customerId}`;

/** Where a request came from, recorded with the consent. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}

/** Where the use cases report what an operator must see (a provider that needs them). */
export type ProblemLog = (error: unknown, message: string) => void;

/** `+2348034564567` → `0803 *** 4567`: enough to recognise one's phone, not to learn it. */
export function maskPhone(phone: string): string {
  const local = phone.startsWith('+234') ? `0${phone.slice(4)}` : phone;
  return `${local.slice(0, 4)} *** ${local.slice(-4)}`;
}

const isTestProvider = (name: string) => name === 'sandbox' || name === 'dojah-simulator';

export function getConsentText(ctx: AppContext): ConsentTextResponse {
  const text = currentConsentText(ctx.identity.name);
  const testValues =
    ctx.identity.name === 'sandbox'
      ? { bvn_prefix: '221', date_of_birth: '1990-01-15', phone_code: null }
      : ctx.identity.name === 'dojah-simulator'
        ? { bvn_prefix: '2231', date_of_birth: '1990-01-15', phone_code: '123456' }
        : null;
  return {
    object: 'identity_consent_text',
    version: text.version,
    provider: text.provider,
    text: text.text,
    sha256: text.sha256,
    test_values: isTestProvider(ctx.identity.name) ? testValues : null,
  };
}

export async function getIdentity(ctx: AppContext, customerId: string): Promise<IdentityView> {
  const row = await ctx.db
    .selectFrom('customer_identities')
    .select(['bvn_last4', 'verified_at'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (row) {
    return {
      object: 'identity_verification',
      status: 'verified',
      bvn_last4: row.bvn_last4,
      verified_at: row.verified_at.toISOString(),
      phone_hint: null,
      code_expires_at: null,
      code_attempts_left: null,
    };
  }
  const pending = await ctx.db
    .selectFrom('identity_phone_checks')
    .select(['bvn_last4', 'phone_hint', 'expires_at', 'failed_attempts'])
    .where('customer_id', '=', customerId)
    .where('expires_at', '>', ctx.clock.now())
    .executeTakeFirst();
  return {
    object: 'identity_verification',
    status: pending ? 'pending_phone_code' : 'unverified',
    bvn_last4: pending?.bvn_last4 ?? null,
    verified_at: null,
    phone_hint: pending?.phone_hint ?? null,
    code_expires_at: pending?.expires_at.toISOString() ?? null,
    code_attempts_left: pending ? MAX_PHONE_CODE_ATTEMPTS - pending.failed_attempts : null,
  };
}

function providerUnavailable(error: IdentityProviderUnavailable, log: ProblemLog): DomainError {
  log(
    error,
    error.needsOperator
      ? 'identity provider refused Tranche itself (credentials or balance): an operator must act'
      : 'identity provider unavailable',
  );
  return new DomainError(
    'identity_provider_unavailable',
    'Identity verification is unavailable right now. Nothing was recorded; try again in a few minutes.',
    { retryable: true },
  );
}

async function assertNotThrottled(ctx: AppContext, customerId: string, nowMs: number) {
  const failures = await ctx.rateLimits.peek(
    failureKey(customerId),
    VERIFICATION_FAILURE_WINDOW_MS,
    nowMs,
  );
  if (failures.count >= MAX_FAILED_VERIFICATIONS) {
    const retryAfterSeconds = Math.max(1, Math.ceil((failures.resetAtMs - nowMs) / 1000));
    throw new DomainError(
      'verification_throttled',
      `Too many failed verifications. Try again in ${Math.ceil(retryAfterSeconds / 3600)} hours.`,
      { retryable: true, retryAfterSeconds },
    );
  }
}

const alreadyVerified = () =>
  new DomainError(
    'identity_already_verified',
    'Your identity is already verified with another BVN.',
  );
const bvnInUse = () =>
  new DomainError(
    'bvn_in_use',
    'This BVN already verifies another Tranche account. Log in to that account instead.',
  );

export interface VerifyIdentityInput {
  bvn: string;
  dateOfBirth: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  consent?: { textVersion: string; agreed: boolean } | undefined;
  checkoutSessionToken?: string | undefined;
}

/**
 * Verifies the customer's BVN, date of birth and names with the identity provider, under a
 * consent recorded first (decision 0046). The provider is called outside any transaction. A match
 * whose record has no phone is a verified identity at once; a match with a phone sends a code to
 * it and answers `pending_phone_code` (the identity counts after `confirmPhoneCode`). Verifying
 * again with the same BVN answers the existing verification; another BVN is a 409; a BVN already
 * verified by another account is a 409 (one person, one account).
 */
export async function verifyIdentity(
  ctx: AppContext,
  customerId: string,
  input: VerifyIdentityInput,
  origin: RequestOrigin,
  log: ProblemLog,
): Promise<IdentityView> {
  const now = ctx.clock.now();
  assertBvnWellFormed(input.bvn);
  assertDateOfBirth(input.dateOfBirth, now);
  const shown = currentConsentText(ctx.identity.name);
  if (!input.consent?.agreed) {
    throw new DomainError(
      'consent_required',
      `Your consent is needed first: show the customer the consent text (GET /api/v1/customers/me/identity/consent-text) and send consent: { text_version: "${shown.version}", agreed: true } once they have ticked the box. The BVN was not sent.`,
    );
  }
  const agreedTo = consentTextFor(input.consent.textVersion);
  if (agreedTo?.version !== shown.version) {
    throw new DomainError(
      'consent_text_outdated',
      `The consent text "${input.consent.textVersion}" is not the one in use ("${shown.version}"): show the current text and ask again. The BVN was not sent.`,
    );
  }
  const digest = ctx.secretBox.keyedDigest('bvn', input.bvn);
  const existing = await ctx.db
    .selectFrom('customer_identities')
    .select('bvn_digest')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (existing) {
    if (existing.bvn_digest === digest) return getIdentity(ctx, customerId);
    throw alreadyVerified();
  }
  const nowMs = now.getTime();
  await assertNotThrottled(ctx, customerId, nowMs);
  const customer = await ctx.db
    .selectFrom('customers')
    .select(['first_name', 'last_name'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  let sessionId: string | null = null;
  if (input.checkoutSessionToken !== undefined) {
    const session = await ctx.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('token', '=', input.checkoutSessionToken)
      .executeTakeFirst();
    if (!session) throw notFound('Checkout session');
    sessionId = session.id;
  }

  // §7: the consent row exists, committed, before the BVN leaves Tranche.
  const consentId = newId('idc');
  await runWrite(ctx.db, async (tx) => {
    await tx
      .insertInto('identity_consents')
      .values({
        id: consentId,
        customer_id: customerId,
        checkout_session_id: sessionId,
        purpose: 'identity_check',
        text_version: shown.version,
        text_sha256: shown.sha256,
        provider: ctx.identity.name,
        bvn_digest: digest,
        ip_address: origin.ip.slice(0, 100),
        user_agent: origin.userAgent.slice(0, 500),
        method: 'unticked_checkbox',
        given_at: now,
      })
      .execute();
  });

  let outcome: BvnCheckOutcome;
  try {
    outcome = await ctx.identity.checkBvn({
      bvn: input.bvn,
      dateOfBirth: input.dateOfBirth,
      firstName: input.firstName ?? customer.first_name,
      lastName: input.lastName ?? customer.last_name,
      consentId,
    });
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw providerUnavailable(error, log);
    throw error;
  }
  if (outcome.outcome !== 'verified') {
    await ctx.rateLimits.hit(failureKey(customerId), VERIFICATION_FAILURE_WINDOW_MS, nowMs);
    throw outcome.outcome === 'not_found'
      ? new DomainError('bvn_not_found', 'No person with this BVN was found. Check the number.')
      : new DomainError(
          'bvn_dob_mismatch',
          'The date of birth does not match the one registered with this BVN.',
        );
  }
  const taken = await ctx.db
    .selectFrom('customer_identities')
    .select('customer_id')
    .where('bvn_digest', '=', digest)
    .executeTakeFirst();
  if (taken && taken.customer_id !== customerId) throw bvnInUse();

  const verified = {
    bvnDigest: digest,
    bvnLast4: bvnLast4(input.bvn),
    provider: ctx.identity.name,
    providerReference: outcome.providerReference,
    namesMatched: outcome.namesMatched,
    consentId,
  };
  const phone = outcome.phoneOnRecord;
  if (phone === null) return recordVerified(ctx, customerId, verified, now, null);

  // §3: the record has a phone; the identity counts once the customer enters the code sent to it.
  let codeReference: string;
  try {
    ({ codeReference } = await ctx.identity.sendCode(phone));
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw providerUnavailable(error, log);
    throw error;
  }
  const expiresAt = new Date(nowMs + PHONE_CODE_TTL_MS);
  await runWrite(ctx.db, async (tx) => {
    const row = {
      consent_id: consentId,
      bvn_digest: digest,
      bvn_last4: verified.bvnLast4,
      provider: verified.provider,
      provider_reference: verified.providerReference,
      names_matched: verified.namesMatched,
      code_reference: codeReference,
      phone_hint: maskPhone(phone),
      failed_attempts: 0,
      expires_at: expiresAt,
      created_at: now,
    };
    await tx
      .insertInto('identity_phone_checks')
      .values({ customer_id: customerId, ...row })
      .onConflict((oc) => oc.column('customer_id').doUpdateSet(row))
      .execute();
  });
  return getIdentity(ctx, customerId);
}

interface VerifiedCheck {
  bvnDigest: string;
  bvnLast4: string;
  provider: string;
  providerReference: string;
  namesMatched: boolean;
  consentId: string;
}

async function recordVerified(
  ctx: AppContext,
  customerId: string,
  check: VerifiedCheck,
  now: Date,
  phoneConfirmedAt: Date | null,
): Promise<IdentityView> {
  try {
    await runWrite(ctx.db, async (tx) => {
      await tx
        .insertInto('customer_identities')
        .values({
          customer_id: customerId,
          bvn_digest: check.bvnDigest,
          bvn_last4: check.bvnLast4,
          provider: check.provider,
          provider_reference: check.providerReference,
          verified_at: now,
          consent_id: check.consentId,
          names_matched: check.namesMatched,
          phone_confirmed_at: phoneConfirmedAt,
        })
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
      await tx.deleteFrom('identity_phone_checks').where('customer_id', '=', customerId).execute();
    });
  } catch (error) {
    if (isUniqueViolation(error, 'customer_identities_bvn_digest_key')) throw bvnInUse();
    throw error;
  }
  // A concurrent verification of this account with another BVN may have won the race.
  const row = await ctx.db
    .selectFrom('customer_identities')
    .select('bvn_digest')
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  if (row.bvn_digest !== check.bvnDigest) throw alreadyVerified();
  return getIdentity(ctx, customerId);
}

/**
 * §4: the code the customer typed. Accepted: the identity is verified. Wrong: 422 with the tries
 * left; the fifth wrong code ends the check (and counts as one failed verification of the day).
 */
export async function confirmPhoneCode(
  ctx: AppContext,
  customerId: string,
  code: string,
  log: ProblemLog,
): Promise<IdentityView> {
  const now = ctx.clock.now();
  const verified = await ctx.db
    .selectFrom('customer_identities')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (verified) return getIdentity(ctx, customerId);
  const pending = await ctx.db
    .selectFrom('identity_phone_checks')
    .selectAll()
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!pending) {
    throw new DomainError(
      'no_phone_code_pending',
      'No code is waiting to be entered. Verify your BVN first; a code is sent when the BVN record has a phone.',
    );
  }
  if (pending.expires_at <= now) {
    await ctx.db
      .deleteFrom('identity_phone_checks')
      .where('customer_id', '=', customerId)
      .execute();
    throw new DomainError(
      'phone_code_expired',
      'This code has expired. Verify your BVN again to get a new code.',
    );
  }
  let answer: 'accepted' | 'rejected';
  try {
    answer = /^\d{4,10}$/.test(code)
      ? await ctx.identity.checkCode(pending.code_reference, code)
      : 'rejected';
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable) throw providerUnavailable(error, log);
    throw error;
  }
  if (answer === 'accepted') {
    return recordVerified(
      ctx,
      customerId,
      {
        bvnDigest: pending.bvn_digest,
        bvnLast4: pending.bvn_last4,
        provider: pending.provider,
        providerReference: pending.provider_reference,
        namesMatched: pending.names_matched,
        consentId: pending.consent_id,
      },
      now,
      now,
    );
  }
  const updated = await ctx.db
    .updateTable('identity_phone_checks')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('customer_id', '=', customerId)
    .where('code_reference', '=', pending.code_reference)
    .returning('failed_attempts')
    .executeTakeFirst();
  const left = MAX_PHONE_CODE_ATTEMPTS - (updated?.failed_attempts ?? MAX_PHONE_CODE_ATTEMPTS);
  if (left <= 0) {
    await ctx.db
      .deleteFrom('identity_phone_checks')
      .where('customer_id', '=', customerId)
      .execute();
    await ctx.rateLimits.hit(failureKey(customerId), VERIFICATION_FAILURE_WINDOW_MS, now.getTime());
    throw new DomainError(
      'phone_code_rejected',
      'That code is not right, and that was the last try. Verify your BVN again to get a new code.',
    );
  }
  throw new DomainError(
    'phone_code_rejected',
    `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  );
}

/**
 * NDPA s.35: withdrawing is as easy as giving. Every consent of the customer is marked withdrawn
 * and a check waiting for its phone code is dropped; checks already made stay as they are
 * (s.26(5)), and a new check needs a new consent, as every check does.
 */
export async function withdrawIdentityConsent(
  ctx: AppContext,
  customerId: string,
): Promise<{ object: 'identity_consent_withdrawal'; withdrawn: number }> {
  const now = ctx.clock.now();
  const withdrawn = await runWrite(ctx.db, async (tx) => {
    await tx.deleteFrom('identity_phone_checks').where('customer_id', '=', customerId).execute();
    const rows = await tx
      .updateTable('identity_consents')
      .set({ withdrawn_at: now })
      .where('customer_id', '=', customerId)
      .where('withdrawn_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length;
  });
  return { object: 'identity_consent_withdrawal', withdrawn };
}
