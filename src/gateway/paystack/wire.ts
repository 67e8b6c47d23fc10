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
  /** Dedicated-account transfers (§22): the account paid into. */
  receiver_bank_account_number?: string | null;
  receiver_bank?: string | null;
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

/** POST /customer answer (§22). */
export interface WireCustomer {
  customer_code?: string | null;
  email?: string | null;
}

/** POST /dedicated_account answer (§22, V2). */
export interface WireDedicatedAccount {
  bank?: { name?: string | null; id?: number | null; slug?: string | null } | null;
  account_name?: string | null;
  account_number?: string | null;
  active?: boolean | null;
  customer?: { customer_code?: string | null } | null;
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

// Direct Debit (gateway-protocol.md §13).

export interface WireMandateInitialization {
  redirect_url?: string | null;
  access_code?: string | null;
  reference?: string | null;
}

/** The verify answer (§13.3) and the `direct_debit.authorization.*` event data alike. */
export interface WireMandate {
  authorization_code?: string | null;
  active?: boolean | null;
  bank?: string | null;
  channel?: string | null;
  reference?: string | null;
  customer?: { code?: string | null; email?: string | null } | null;
}

export interface WireMandateRecord {
  id?: number | null;
  status?: string | null;
  authorization_id?: number | null;
  authorization_code?: string | null;
  account_number?: string | null;
  bank_code?: string | null;
  customer?: { id?: number | null } | null;
}

export interface WireMandatePageMeta {
  next?: string | null;
}

/**
 * A dispute (docs/gateway-protocol.md §21): the `charge.dispute.*` event data and the Disputes
 * API's objects. `transaction` is the disputed charge (an object in the events, sometimes only an
 * id in lists); `dueAt`/`resolvedAt` are camelCase in Paystack's samples.
 */
export interface WireDispute {
  id?: number | string | null;
  refund_amount?: number | string | null;
  currency?: string | null;
  status?: string | null;
  resolution?: string | null;
  category?: string | null;
  transaction?:
    | {
        id?: number | null;
        reference?: string | null;
        amount?: number | string | null;
        authorization?: WireAuthorization | null;
      }
    | number
    | null;
  transaction_reference?: string | null;
  messages?: { sender?: string | null; body?: string | null }[] | null;
  dueAt?: string | null;
  resolvedAt?: string | null;
}

/** GET /dispute/:id/upload_url: a signed URL to PUT the file to, and the name to cite. */
export interface WireUploadUrl {
  signedUrl?: string | null;
  fileName?: string | null;
}
