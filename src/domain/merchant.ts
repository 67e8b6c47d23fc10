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
