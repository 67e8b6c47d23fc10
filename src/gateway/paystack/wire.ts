/**
 * Paystack's wire shapes, as loose as the fact sheet says they are (`metadata` may be "", 0 or
 * null; `exp_month` a string or a number; `card_type` with a trailing space; refund `amount` a
 * string or a number). Only mapping.ts reads these.
 */
export interface PaystackEnvelope<T> {
  status: boolean;
  message: string;
  data?: T;
  meta?: unknown;
  metadata?: unknown;
  type?: string;
  code?: string;
}

export interface WireAuthorization {
  authorization_code?: string | null;
  bin?: string | null;
  last4?: string | null;
  exp_month?: string | number | null;
  exp_year?: string | number | null;
  channel?: string | null;
  card_type?: string | null;
  bank?: string | null;
  brand?: string | null;
  reusable?: boolean | null;
  signature?: string | null;
  account_name?: string | null;
}

export interface WireTransaction {
  id?: number;
  status?: string;
  reference?: string;
  amount?: number | string;
  /** Partial debits (§17): what was asked for; `amount` is what was taken. */
  requested_amount?: number | string | null;
  currency?: string;
  gateway_response?: string | null;
  message?: string | null;
  paid_at?: string | null;
  paidAt?: string | null;
  channel?: string;
  authorization?: WireAuthorization | null;
  customer?: { email?: string | null } | null;
  metadata?: unknown;
}

export interface WireChargeStep extends WireTransaction {
  display_text?: string | null;
  url?: string | null;
}

export interface WireBank {
  name?: string;
  code?: string;
  available_for_direct_debit?: boolean | null;
  active?: boolean | null;
  is_deleted?: boolean | null;
}

export interface WireTransfer {
  reference?: string;
  transfer_code?: string | null;
  status?: string;
  amount?: number | string;
  reason?: string | null;
}

export interface WireRefund {
  id?: number | string;
  merchant_note?: string | null;
  status?: string;
  amount?: number | string;
  transaction?: { reference?: string } | string | number | null;
  transaction_reference?: string | null;
}
