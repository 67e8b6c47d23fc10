// How the console names what the API returns. Words only: no rule lives here.
import type { AuditEntry, MerchantStatus } from './api.ts';

export const STATUS_WORDS: Record<MerchantStatus, string> = {
  pending_approval: 'Pending approval',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  'merchant.approve': 'Approved',
  'merchant.deactivate': 'Deactivated',
  'merchant.reactivate': 'Reactivated',
  'reconciliation.run': 'Ran reconciliation',
  'payout.otp_submit': 'Gave a payout’s transfer OTP',
  'payout.otp_resend': 'Asked for a payout’s transfer OTP again',
  'hardship.approve': 'Approved a customer’s hardship request',
  'hardship.decline': 'Declined a customer’s hardship request',
};
