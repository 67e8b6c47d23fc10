import type { KeyMode } from './api-key.ts';
import { DomainError } from './errors.ts';

/**
 * Merchant account states:
 *   pending_approval --approve--> active --deactivate--> deactivated --reactivate--> active
 *   pending_approval --deactivate--> deactivated
 * Test keys work in pending_approval and active; live keys only in active; nothing works in
 * deactivated (403 on every merchant call).
 */
export type MerchantStatus = 'pending_approval' | 'active' | 'deactivated';

/**
 * The 403 of a deactivated merchant, with the operator's reason: the merchant (its server's logs,
 * the dashboard's sign-in page) is told why, not just that.
 */
export function merchantInactive(reason: string | null): DomainError {
  const why = reason
    ? ` Reason given by Tranche: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`
    : '';
  return new DomainError(
    'merchant_inactive',
    `This merchant account is deactivated: its keys are refused and no checkout can start.${why}`,
  );
}

/** Decides whether a merchant in `status` may use a key of `mode`; throws the 403 otherwise. */
export function assertMerchantMayUseKey(
  status: MerchantStatus,
  mode: KeyMode,
  deactivationReason: string | null = null,
): void {
  if (status === 'deactivated') throw merchantInactive(deactivationReason);
  if (mode === 'live' && status !== 'active') {
    throw new DomainError(
      'merchant_not_approved',
      'Live keys work only after the merchant account is approved. Use your sk_test_ key meanwhile.',
    );
  }
}

export function approvedStatus(current: MerchantStatus): MerchantStatus {
  if (current === 'deactivated') {
    throw new DomainError('conflict', 'A deactivated merchant must be reactivated, not approved.');
  }
  return 'active';
}

/** When goods may be released, evaluated by the money engine on every collected payment. */
export type GoodsReleaseRule =
  | { type: 'deposit_paid' }
  | { type: 'percentage_paid'; percentage: number }
  | { type: 'fully_paid' };

export const DEFAULT_GOODS_RELEASE_RULE: GoodsReleaseRule = { type: 'deposit_paid' };

/**
 * Whether a plan's payments satisfy the merchant's release rule. Integer arithmetic: "50% paid"
 * means paid × 100 ≥ 50 × total, so no rounding can release goods a kobo early.
 */
export function goodsReleaseMet(
  rule: GoodsReleaseRule,
  plan: { depositPaid: boolean; paidKobo: number; totalKobo: number },
): boolean {
  switch (rule.type) {
    case 'deposit_paid':
      return plan.depositPaid;
    case 'percentage_paid':
      return plan.paidKobo * 100 >= rule.percentage * plan.totalKobo;
    case 'fully_paid':
      return plan.paidKobo >= plan.totalKobo;
  }
}

export const CUSTOMER_TIERS = [
  'Tranche Bronze',
  'Tranche Silver',
  'Tranche Gold',
  'Tranche Platinum',
] as const;
export type CustomerTier = (typeof CUSTOMER_TIERS)[number];
export const DEFAULT_MIN_CUSTOMER_TIER: CustomerTier = 'Tranche Bronze';

export interface SettlementAccount {
  bankCode: string;
  accountNumber: string;
}

export function validateSettlementAccount(account: SettlementAccount): void {
  if (!/^\d{3,6}$/.test(account.bankCode)) {
    throw new DomainError(
      'invalid_request',
      'settlement_account.bank_code must be a numeric bank code.',
    );
  }
  if (!/^\d{10}$/.test(account.accountNumber)) {
    throw new DomainError(
      'invalid_request',
      'settlement_account.account_number must be a 10-digit NUBAN.',
    );
  }
}

/** How customers reach the shop (issue 27): each part optional, null when not given. */
export interface SupportContact {
  email: string | null;
  phone: string | null;
  website: string | null;
}

const SUPPORT_EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
/** A Nigerian number (0 + 10 digits) or an international one (+ and 8–15 digits). */
const SUPPORT_PHONE = /^(0\d{10}|\+\d{8,15})$/;

/**
 * The support contact as stored: trimmed, the phone without spaces or dashes, the website an
 * absolute https (or http) URL. Empty strings clear a part. A part that is not what it says is
 * refused, naming it: the checkout shows these to customers as links.
 */
export function normaliseSupportContact(input: {
  email?: string | null | undefined;
  phone?: string | null | undefined;
  website?: string | null | undefined;
}): SupportContact {
  const text = (value: string | null | undefined) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  };
  const email = text(input.email);
  if (email !== null && (email.length > 254 || !SUPPORT_EMAIL.test(email))) {
    throw new DomainError('invalid_request', 'support_contact.email must be an e-mail address.');
  }
  const phone = text(input.phone)?.replace(/[\s()-]/g, '') ?? null;
  if (phone !== null && !SUPPORT_PHONE.test(phone)) {
    throw new DomainError(
      'invalid_request',
      'support_contact.phone must be a phone number: 0 and 10 digits, or + and the country code.',
    );
  }
  const website = text(input.website);
  if (website !== null) {
    let url: URL | undefined;
    try {
      url = new URL(website);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.username !== '' ||
      url.password !== '' ||
      website.length > 2048
    ) {
      throw new DomainError(
        'invalid_request',
        'support_contact.website must be an absolute http(s) address, e.g. https://shop.example.',
      );
    }
    return { email, phone, website: url.href };
  }
  return { email, phone, website };
}
