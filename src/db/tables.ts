/*
 * Kysely's view of each table in migrations/, one interface per table.
 * test/integration/database-schema.test.ts compares them with the migrated database: a column
 * added, dropped or made nullable in SQL and not here (or the reverse) fails it.
 */
import type { ColumnType, Generated } from 'kysely';

import type { MerchantNotificationKind } from '../domain/merchant-notification.ts';
import type { ChannelName, NotificationKind } from '../domain/notification.ts';
import type {
  CustomerFieldAnswer,
  CustomerFieldDefinition,
  LineItem,
  Metadata,
} from '../domain/order-details.ts';
import type { StoredConstraints } from '../domain/session-constraints.ts';

type JsonColumn<T> = ColumnType<T, string, string>;

export interface MerchantsTable {
  id: string;
  business_name: string;
  email: string;
  password_hash: string | null;
  status: 'pending_approval' | 'active' | 'deactivated';
  approved_at: Date | null;
  deactivated_at: Date | null;
  /** The operator's reason, shown to the merchant while deactivated; cleared on reactivation. */
  deactivation_reason: Generated<string | null>;
  settlement_bank_code: string | null;
  settlement_account_number: string | null;
  /** What the gateway's account resolve named the account when it was set (decision 0057). */
  settlement_account_name: Generated<string | null>;
  default_constraints: JsonColumn<StoredConstraints>;
  min_customer_tier: string;
  goods_release_rule: JsonColumn<StoredGoodsReleaseRule>;
  /** Normalised origins (domain/checkout-origins.ts); empty: the checkout may be embedded anywhere. */
  allowed_checkout_origins: Generated<string[]>;
  /** Partial debits (decision 0045): the floor, 10–90% of what is owed; null: off. */
  partial_debit_floor_pct: Generated<number | null>;
  created_at: Date;
  updated_at: Date;
  /** How customers reach the shop, shown by the checkout (0034); each optional. */
  support_email: Generated<string | null>;
  support_phone: Generated<string | null>;
  support_website: Generated<string | null>;
  /** The most a support member refunds at once (decision 0064); null: support refunds nothing. */
  support_refund_limit_kobo: Generated<number | null>;
}

/** A member of a merchant's team (decision 0064); the account holder's sign-in is the merchants row. */
export interface MerchantMembersTable {
  id: string;
  merchant_id: string;
  email: string | null;
  name: string;
  role: 'owner' | 'admin' | 'developer' | 'support' | 'finance' | 'viewer';
  account_holder: Generated<boolean>;
  password_hash: string | null;
  status: 'invited' | 'active';
  invited_by: string | null;
  invitation_digest: string | null;
  invitation_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Two-factor sign-in (decision 0065): the TOTP key sealed with ENCRYPTION_KEY. */
  totp_secret_sealed: string | null;
  totp_pending_secret_sealed: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  /** An owner without two-factor sign-in past this may only read and enrol. */
  two_factor_due_at: Date | null;
}

/** Single-use recovery codes of a member's two-factor sign-in (decision 0065): digests only. */
export interface MerchantMemberRecoveryCodesTable {
  id: string;
  member_id: string;
  digest: string;
  used_at: Date | null;
  created_at: Date;
}

/** Who (which member) did what from the dashboard (decision 0064). Append-only. */
export interface MerchantAuditLogTable {
  seq: Generated<string>;
  id: string;
  merchant_id: string;
  member_id: string | null;
  member_name: string;
  member_role: string;
  action: string;
  method: string;
  path: string;
  status: number;
  request_id: string | null;
  ip: string | null;
  created_at: Date;
}

export type { StoredConstraints };

export type StoredGoodsReleaseRule =
  | { type: 'deposit_paid' }
  | { type: 'percentage_paid'; percentage: number }
  | { type: 'fully_paid' };

/** Public keys of the messaging element (decision 0055): the key itself is kept, it is not a secret. */
export interface PublishableKeysTable {
  id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  key: string;
  created_at: Date;
  expires_at: Date | null;
}

export interface ApiKeysTable {
  id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  digest: string;
  redacted: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
}

export interface CustomersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  created_at: Date;
  updated_at: Date;
  /** When the customer proved they hold `phone` (a code texted to it); null: not verified. */
  phone_verified_at: Generated<Date | null>;
}

/** A one-time code asked for (decision 0053): its digest once minted, never the code. */
export interface SignInCodesTable {
  id: string;
  customer_id: string;
  purpose: 'sign_in' | 'verify_phone';
  channel: 'sms' | 'email';
  destination: string;
  status: 'pending' | 'sent' | 'used' | 'superseded' | 'exhausted' | 'failed';
  digest: string | null;
  failed_attempts: Generated<number>;
  requested_at: Date;
  sent_at: Date | null;
  expires_at: Date | null;
  used_at: Date | null;
  request_ip: string;
}

/** A device remembered for one shop's checkout (decision 0054). */
export interface RememberedDevicesTable {
  id: string;
  customer_id: string;
  merchant_id: string;
  digest: string;
  label: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface RefreshTokensTable {
  id: string;
  subject_type: 'customer' | 'merchant' | 'operator';
  subject_id: string;
  family_id: string;
  digest: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** A login (decision 0034): its refresh tokens and the access tokens whose `sid` names it. */
export interface RefreshTokenFamiliesTable {
  id: string;
  subject_type: 'customer' | 'merchant' | 'operator';
  subject_id: string;
  created_at: Date;
  revoked_at: Date | null;
  /** A merchant login's member (decision 0064); null for customers and operators. */
  member_id: Generated<string | null>;
}

export interface PasswordResetsTable {
  id: string;
  /** Exactly one of customer_id and merchant_id is set (decision 0058). */
  customer_id: string | null;
  merchant_id: Generated<string | null>;
  status: 'pending' | 'sent' | 'used' | 'superseded' | 'failed';
  digest: string | null;
  requested_at: Date;
  sent_at: Date | null;
  expires_at: Date | null;
  used_at: Date | null;
  request_ip: string | null;
}

export interface CheckoutSessionsTable {
  id: string;
  token: string;
  merchant_id: string;
  livemode: boolean;
  amount_kobo: number;
  currency: string;
  title: string;
  order_reference: string;
  customer_email: string | null;
  status: 'pending' | 'completed' | 'cancelled' | 'expired';
  constraints: JsonColumn<StoredConstraints>;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
  cancelled_at: Date | null;
  /** The merchant's own keys and values (decision 0051). */
  metadata: JsonColumn<Metadata>;
  line_items: ColumnType<LineItem[] | null, string | null, string | null>;
  /** A payment link's session: what the buyer answered on the link's page (decision 0052). */
  customer_fields: ColumnType<CustomerFieldAnswer[] | null, string | null, string | null>;
}

export interface IdempotencyKeysTable {
  merchant_id: string;
  livemode: boolean;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: JsonColumn<unknown>;
  created_at: Date;
}

export interface PaymentMethodsTable {
  id: string;
  customer_id: string;
  type: 'card' | 'bank';
  label: string;
  last4: string;
  brand: string;
  bank_code: string | null;
  bank_name: string | null;
  exp_month: string | null;
  exp_year: string | null;
  authorization_sealed: string;
  authorization_digest: string;
  gateway_signature: string | null;
  is_default: boolean;
  /** `pending`/`failed`: a Direct Debit mandate not (or never) activated by the bank (0030). */
  status: 'pending' | 'active' | 'revoked' | 'failed';
  revoked_at: Date | null;
  revoked_reason: string | null;
  setup_reference: string;
  created_at: Date;
  deleted_at: Date | null;
  activated_at: Date | null;
  activation_retried_at: Date | null;
}

export interface PaymentMethodSetupsTable {
  reference: string;
  customer_id: string;
  type: 'card' | 'bank';
  status: 'initializing' | 'pending' | 'completed' | 'failed';
  next_action: string | null;
  bank_code: string | null;
  bank_name: string | null;
  account_number: string | null;
  callback_url: string | null;
  is_default: boolean;
  failure_reason: string | null;
  payment_method_id: string | null;
  /** When the refund of its verification charge was queued (migration 0028, decision 0042). */
  verification_refund_queued_at: Date | null;
  /** What the gateway took (kobo), set with verification_refund_queued_at. */
  verification_charge_kobo: number | null;
  created_at: Date;
  expires_at: Date;
  updated_at: Date;
  /** Direct Debit: the gateway's reference of the authorization request (0030). */
  gateway_reference: string | null;
  /** Pay-with-bank: wrong one-time codes so far (0034). */
  wrong_otp_count: Generated<number>;
}

/** The plan a customer chose for an order, offered again in its next session (0034, 0049). */
export interface CheckoutPlanChoicesTable {
  merchant_id: string;
  livemode: boolean;
  order_reference: string;
  customer_id: string;
  frequency: 'weekly' | 'monthly';
  installment_count: number;
  upfront_pct: number;
  updated_at: Date;
}

export interface GatewayEventsTable {
  digest: string;
  endpoint: string;
  event: string;
  received_at: Date;
}

export interface JournalEntriesTable {
  id: string;
  kind: string;
  reference: string;
  currency: 'NGN';
  merchant_id: string | null;
  reverses_entry_id: string | null;
  created_at: Date;
  /** The order entries were written in (migration 0045): reports read in this order. */
  seq: Generated<number>;
}

export interface JournalPostingsTable {
  entry_id: string;
  line: number;
  account: string;
  debit_kobo: number;
  credit_kobo: number;
  /** The writing transaction (xid8, as text): set by the database (migration 0050). */
  tx: Generated<string>;
}

/** Balance of an account's postings below `before_tx` (decision 0070). */
export interface LedgerBalanceCheckpointsTable {
  account: string;
  before_tx: string;
  balance_kobo: number;
  taken_at: Date;
}

/** The one row: where the last checkpoint run stopped. */
export interface LedgerCheckpointHorizonTable {
  only_row: Generated<boolean>;
  before_tx: string;
  taken_at: Date;
}

export interface PaymentPlansTable {
  id: string;
  merchant_id: string;
  customer_id: string;
  checkout_session_id: string;
  payment_method_id: string;
  livemode: boolean;
  amount_kobo: number;
  currency: 'NGN';
  frequency: 'weekly' | 'monthly';
  installment_count: number;
  upfront_pct: number;
  order_reference: string;
  status: 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';
  goods_released_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Copied from the session when the plan is confirmed (decision 0052). */
  title: string;
  metadata: JsonColumn<Metadata>;
  line_items: ColumnType<LineItem[] | null, string | null, string | null>;
  customer_fields: ColumnType<CustomerFieldAnswer[] | null, string | null, string | null>;
  /** The buyer's contact at the checkout: personal data, for this plan's merchant only. */
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
}

export interface InstallmentsTable {
  id: string;
  plan_id: string;
  sequence: number;
  amount_kobo: number;
  due_at: Date;
  status: 'scheduled' | 'processing' | 'failed' | 'paid' | 'cancelled';
  charge_reference: string | null;
  failed_attempts: number;
  paid_at: Date | null;
  /**
   * Taken off by refunds; amount_kobo + refunded_kobo + partially_paid_kobo is what the schedule
   * set.
   */
  refunded_kobo: Generated<number>;
  /** Collected by partial debits (decision 0045); amount_kobo is what is still owed. */
  partially_paid_kobo: Generated<number>;
  /** Failed attempts before an approved due-date move (decision 0072): not counted as missed. */
  excused_failed_attempts: Generated<number>;
}

export interface RefundsTable {
  id: string;
  merchant_id: string;
  plan_id: string;
  livemode: boolean;
  amount_kobo: number;
  reduction_kobo: number;
  cash_kobo: number;
  reason: string | null;
  status: 'pending' | 'processed' | 'failed';
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RefundPartsTable {
  reference: string;
  refund_id: string;
  charge_reference: string;
  merchant_id: string;
  amount_kobo: number;
  fee_returned_kobo: number;
  status: 'initiated' | 'sent' | 'processed' | 'failed';
  attempts: number;
  gateway_refund_id: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChargesTable {
  reference: string;
  installment_id: string;
  plan_id: string;
  merchant_id: string;
  payment_method_id: string;
  /** The automatic attempt this charge is, or (customer) the one it stands in for. */
  attempt: number;
  amount_kobo: number;
  status: 'pending' | 'success' | 'failed';
  /** Who started it: the collection schedule, or the customer (pay now, pay off). */
  initiated_by: Generated<'schedule' | 'customer'>;
  gateway_message: string | null;
  created_at: Date;
  settled_at: Date | null;
  /** A partial debit (decision 0045): the `at_least` sent; null for a full charge. */
  at_least_kobo: Generated<number | null>;
  /** Set when a partial debit took less: what it asked for (amount_kobo is what it took). */
  requested_kobo: Generated<number | null>;
}

export interface PayoutsTable {
  id: string;
  merchant_id: string;
  reference: string;
  amount_kobo: number;
  bank_code: string;
  account_number: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'reversed';
  trigger: 'schedule' | 'request';
  transfer_code: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
  /** Transfer OTP (migration 0029): when the gateway held the transfer at `otp`. */
  otp_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the transfer left `otp` (finalized, or seen past it at the gateway). */
  otp_finalized_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When it was first reported as waiting past the time limit. */
  otp_overdue_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface TransferRecipientsTable {
  bank_code: string;
  account_number: string;
  recipient_code: string;
  created_at: Date;
}

export interface CustomerIdentitiesTable {
  customer_id: string;
  bvn_digest: string;
  bvn_last4: string;
  provider: string;
  provider_reference: string;
  verified_at: Date;
  consent_id: string | null;
  names_matched: boolean | null;
  phone_confirmed_at: Date | null;
}

export interface IdentityConsentsTable {
  id: string;
  customer_id: string;
  checkout_session_id: string | null;
  purpose: 'identity_check';
  text_version: string;
  text_sha256: string;
  provider: string;
  bvn_digest: string;
  ip_address: string;
  user_agent: string;
  method: 'unticked_checkbox';
  given_at: Date;
  withdrawn_at: Date | null;
}

/** A dashboard user's word that the director agreed to a BVN check (decision 0074). */
export interface DirectorConsentsTable {
  id: string;
  merchant_id: string;
  text_version: string;
  text_sha256: string;
  provider: string;
  bvn_digest: string;
  given_by: string;
  ip_address: string;
  user_agent: string;
  given_at: Date;
}

/** The merchant's business details and its director's check (decision 0074). */
export interface MerchantBusinessDetailsTable {
  merchant_id: string;
  registered_name: string;
  registration_number: string;
  tax_id: string | null;
  street: string;
  city: string;
  state: string;
  director_first_name: string;
  director_last_name: string;
  director_bvn_digest: string;
  director_bvn_last4: string;
  director_check: 'verified' | 'bvn_not_found' | 'dob_mismatch' | 'name_mismatch';
  director_check_provider: string;
  director_check_reference: string | null;
  director_checked_at: Date;
  director_consent_id: string;
  submitted_by: string;
  submitted_at: Date;
  reviewed_at: Date | null;
}

export interface IdentityPhoneChecksTable {
  customer_id: string;
  consent_id: string;
  bvn_digest: string;
  bvn_last4: string;
  provider: string;
  provider_reference: string;
  names_matched: boolean;
  code_reference: string;
  phone_hint: string;
  failed_attempts: Generated<number>;
  expires_at: Date;
  created_at: Date;
}

/** Decision 0047: a credit bureau check's summary and the consent it was made under. */
export interface CreditChecksTable {
  id: string;
  customer_id: string;
  provider: string;
  consent_reference: string;
  consent_text_version: string;
  consented_at: Date;
  consent_ip: string | null;
  consent_withdrawn_at: Date | null;
  checked_at: Date;
  expires_at: Date;
  outcome: 'report' | 'no_record' | 'subject_mismatch';
  provider_reference: string | null;
  summary: JsonColumn<StoredCreditSummary> | null;
}

/** The credit port's report summary as stored (amounts in kobo). */
export interface StoredCreditSummary {
  bureausAnswered: ('crc' | 'first_central' | 'credit_registry')[];
  score: number | null;
  scoreBand: 'good' | 'fair' | 'poor' | 'none';
  scoreReasons: string | null;
  openLoans: number;
  delinquentFacilities: number;
  maxDaysOverdue: number;
  totalOverdueKobo: number;
  totalOutstandingKobo: number;
  enquiriesLast3Months: number;
  lastReportedOn: string | null;
}

export interface PaymentLinksTable {
  id: string;
  merchant_id: string;
  livemode: boolean;
  title: string;
  amount_kobo: number | null;
  min_amount_kobo: number | null;
  max_amount_kobo: number | null;
  redirect_url: string | null;
  constraints: ColumnType<StoredConstraints | null, string | null, string | null>;
  /** The questions the link's page asks before the checkout (decision 0052). */
  customer_fields: JsonColumn<CustomerFieldDefinition[]>;
  active: boolean;
  deactivated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface PaymentLinkSessionsTable {
  checkout_session_id: string;
  payment_link_id: string;
  created_at: Date;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Generated<Date>;
}

/** One per merchant and mode (decision 0015): where that mode's events go and what signs them. */
export interface WebhookEndpointsTable {
  merchant_id: string;
  livemode: boolean;
  url: string | null;
  secret_sealed: string;
  /** Still signs during a roll's 24-hour overlap (features/merchant-webhooks/signing.ts). */
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  /** Set when the URL answered 410 Gone; cleared when the URL is set again. */
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export type WebhookEventStatus = 'pending' | 'retrying' | 'delivered' | 'dead';

export interface WebhookEventsTable {
  id: string;
  merchant_id: string;
  livemode: boolean;
  type: string;
  body: string;
  created_at: Date;
  status: WebhookEventStatus;
  attempts: number;
  next_attempt_at: Date | null;
  retry_until: Date;
  delivered_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  /** The writing transaction's id (xid8, as text): the sandbox stream's order (migration 0018). */
  created_xid: Generated<string | null>;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  event_id: string;
  attempted_at: Date;
  url: string;
  outcome: 'delivered' | 'failed';
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface CustomerNotificationsTable {
  id: string;
  customer_id: string;
  kind: 'payment_method_revoked' | NotificationKind;
  message: string;
  data: JsonColumn<Record<string, unknown>>;
  created_at: Date;
  read_at: Date | null;
}

export type NotificationStatus = 'pending' | 'retrying' | 'sent' | 'skipped' | 'failed';

export interface NotificationOutboxTable {
  id: string;
  /** A customer's notification, or (with `merchant_id`) a merchant's e-mail (0046): one of the two. */
  customer_id: string | null;
  merchant_id: ColumnType<string | null, string | null | undefined, string | null>;
  kind: NotificationKind | MerchantNotificationKind;
  channel: ChannelName;
  subject_id: string;
  data: JsonColumn<Record<string, unknown>>;
  status: NotificationStatus;
  attempts: Generated<number>;
  next_attempt_at: Date | null;
  created_at: Date;
  sent_at: Date | null;
  last_error: string | null;
}

export interface CustomerNotificationPreferencesTable {
  customer_id: string;
  email_reminders: boolean;
  email_receipts: boolean;
  email_failed_payments: boolean;
  in_app_reminders: boolean;
  in_app_receipts: boolean;
  in_app_failed_payments: boolean;
  sms_reminders: boolean;
  sms_receipts: boolean;
  sms_failed_payments: boolean;
  updated_at: Date;
}

export interface MerchantNotificationPreferencesTable {
  merchant_id: string;
  /** Null: the account e-mail. */
  email: string | null;
  account: boolean;
  payouts: boolean;
  webhooks: boolean;
  disputes: boolean;
  updated_at: Date;
}

/** An endpoint failing every delivery for an hour or more (0046, decision 0067). */
export interface WebhookIncidentsTable {
  id: string;
  merchant_id: string;
  livemode: boolean;
  failing_since: Date;
  opened_at: Date;
  recovered_at: Date | null;
}

export type OperatorAction =
  | 'merchant.approve'
  | 'merchant.deactivate'
  | 'merchant.reactivate'
  | 'reconciliation.run'
  | 'payout.otp_submit'
  | 'payout.otp_resend'
  | 'hardship.approve'
  | 'hardship.decline';

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): who did what, to what, and why. */
export interface OperatorAuditLogTable {
  id: string;
  /** Insertion order (an identity column): the log's order and its cursor. */
  seq: Generated<string>;
  operator: string;
  /** The signed-in account (migration 0020); null for the CLI, the system and older rows. */
  operator_id: string | null;
  action: OperatorAction;
  target_type: 'merchant' | 'ledger';
  target_id: string | null;
  reason: string | null;
  detail: JsonColumn<Record<string, unknown>>;
  request_id: string | null;
  ip: string | null;
  created_at: Date;
}

export interface OperatorsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  totp_secret_sealed: string;
  /** The step of the last accepted code (RFC 6238 section 5.2: each code is good once). */
  totp_last_step: number | null;
  disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** migrations/0048_disputes.sql; states in src/domain/dispute.ts. */
export interface DisputesTable {
  id: string;
  gateway_dispute_id: string;
  merchant_id: string;
  livemode: boolean;
  plan_id: string;
  installment_id: string;
  charge_reference: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  amount_kobo: number;
  fee_share_kobo: number;
  merchant_share_kobo: number;
  returned_kobo: Generated<number>;
  returned_fee_kobo: Generated<number>;
  gateway_status: string;
  resolution: string | null;
  reason: string | null;
  due_at: Date | null;
  reminded_at: Date | null;
  reminder_count: Generated<number>;
  evidence: Record<string, string> | null;
  uploaded_filename: string | null;
  merchant_decision: 'accepted' | 'declined' | null;
  merchant_message: string | null;
  answered_at: Date | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
}

/** A customer's hardship request on one plan (decision 0072). */
export interface HardshipRequestsTable {
  id: string;
  plan_id: string;
  merchant_id: string;
  customer_id: string;
  livemode: boolean;
  kind: 'move_due_date' | 'spread';
  installment_id: string | null;
  new_due_at: Date | null;
  extra_installments: number | null;
  reason: string | null;
  status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
  decided_by: 'merchant' | 'operator' | 'automatic' | null;
  decision_note: string | null;
  expires_at: Date;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A merchant's hardship limits (decision 0072); no row: the defaults. */
export interface HardshipSettingsTable {
  merchant_id: string;
  max_move_days: number;
  max_extra_installments: number;
  auto_approve: boolean;
  updated_at: Date;
}

/** migrations/0053_charge_reversals.sql; decision 0073. */
export interface ChargeReversalsTable {
  id: string;
  charge_reference: string;
  merchant_id: string;
  livemode: boolean;
  plan_id: string;
  installment_id: string;
  amount_kobo: number;
  fee_share_kobo: number;
  merchant_share_kobo: number;
  superseded_by_dispute_id: string | null;
  created_at: Date;
  superseded_at: Date | null;
}

/** migrations/0051_transfer_receipts.sql (decision 0071): the customer's dedicated account. */
export interface TransferAccountsTable {
  customer_id: string;
  gateway_customer_code: string;
  account_number: string;
  account_name: string;
  bank_name: string;
  bank_slug: string;
  created_at: Date;
}

/** One bank transfer the gateway reported, by its reference; applied + held = amount. */
export interface TransferReceiptsTable {
  reference: string;
  customer_id: string;
  account_number: string;
  amount_kobo: number;
  applied_kobo: number;
  held_kobo: number;
  paid_at: Date;
  received_at: Date;
}

/** One installment part a receipt paid; its reference is its transfer_collected entry's. */
export interface TransferAllocationsTable {
  reference: string;
  receipt_reference: string;
  installment_id: string;
  plan_id: string;
  merchant_id: string;
  amount_kobo: number;
  fee_kobo: number;
  settles: boolean;
  created_at: Date;
}
