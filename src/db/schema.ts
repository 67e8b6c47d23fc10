import type { Insertable, Selectable } from 'kysely';

import type {
  ApiKeysTable,
  ChargeReversalsTable,
  ChargesTable,
  CheckoutPlanChoicesTable,
  CheckoutSessionsTable,
  CreditChecksTable,
  CustomerIdentitiesTable,
  CustomerNotificationPreferencesTable,
  CustomerNotificationsTable,
  CustomersTable,
  DirectorConsentsTable,
  DisputesTable,
  GatewayEventsTable,
  HardshipRequestsTable,
  HardshipSettingsTable,
  IdempotencyKeysTable,
  IdentityConsentsTable,
  IdentityPhoneChecksTable,
  InstallmentsTable,
  JournalEntriesTable,
  JournalPostingsTable,
  LedgerBalanceCheckpointsTable,
  LedgerCheckpointHorizonTable,
  MerchantAuditLogTable,
  MerchantBusinessDetailsTable,
  MerchantMemberRecoveryCodesTable,
  MerchantMembersTable,
  MerchantNotificationPreferencesTable,
  MerchantsTable,
  NotificationOutboxTable,
  OperatorAuditLogTable,
  OperatorsTable,
  PasswordResetsTable,
  PaymentLinkSessionsTable,
  PaymentLinksTable,
  PaymentMethodSetupsTable,
  PaymentMethodsTable,
  PaymentPlansTable,
  PayoutsTable,
  PublishableKeysTable,
  RefreshTokenFamiliesTable,
  RefreshTokensTable,
  RefundPartsTable,
  RefundsTable,
  RememberedDevicesTable,
  SchemaMigrationsTable,
  SignInCodesTable,
  TransferAccountsTable,
  TransferAllocationsTable,
  TransferReceiptsTable,
  TransferRecipientsTable,
  WebhookAttemptsTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
  WebhookIncidentsTable,
} from './tables.ts';

export type {
  CustomerNotificationPreferencesTable,
  MerchantNotificationPreferencesTable,
  OperatorAction,
  StoredConstraints,
  StoredGoodsReleaseRule,
  WebhookEventStatus,
} from './tables.ts';

/** The database as Kysely types it: every table of migrations/ (their columns in tables.ts). */
export interface Database {
  merchants: MerchantsTable;
  api_keys: ApiKeysTable;
  publishable_keys: PublishableKeysTable;
  customers: CustomersTable;
  refresh_tokens: RefreshTokensTable;
  refresh_token_families: RefreshTokenFamiliesTable;
  merchant_members: MerchantMembersTable;
  merchant_member_recovery_codes: MerchantMemberRecoveryCodesTable;
  merchant_audit_log: MerchantAuditLogTable;
  password_resets: PasswordResetsTable;
  sign_in_codes: SignInCodesTable;
  remembered_devices: RememberedDevicesTable;
  checkout_sessions: CheckoutSessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_methods: PaymentMethodsTable;
  payment_method_setups: PaymentMethodSetupsTable;
  checkout_plan_choices: CheckoutPlanChoicesTable;
  gateway_events: GatewayEventsTable;
  journal_entries: JournalEntriesTable;
  journal_postings: JournalPostingsTable;
  ledger_balance_checkpoints: LedgerBalanceCheckpointsTable;
  ledger_checkpoint_horizon: LedgerCheckpointHorizonTable;
  payment_plans: PaymentPlansTable;
  installments: InstallmentsTable;
  charges: ChargesTable;
  refunds: RefundsTable;
  refund_parts: RefundPartsTable;
  payouts: PayoutsTable;
  transfer_recipients: TransferRecipientsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_attempts: WebhookAttemptsTable;
  customer_notifications: CustomerNotificationsTable;
  schema_migrations: SchemaMigrationsTable;
  customer_identities: CustomerIdentitiesTable;
  identity_consents: IdentityConsentsTable;
  identity_phone_checks: IdentityPhoneChecksTable;
  credit_checks: CreditChecksTable;
  payment_links: PaymentLinksTable;
  payment_link_sessions: PaymentLinkSessionsTable;
  notification_outbox: NotificationOutboxTable;
  customer_notification_preferences: CustomerNotificationPreferencesTable;
  merchant_notification_preferences: MerchantNotificationPreferencesTable;
  webhook_incidents: WebhookIncidentsTable;
  operator_audit_log: OperatorAuditLogTable;
  operators: OperatorsTable;
  disputes: DisputesTable;
  hardship_requests: HardshipRequestsTable;
  hardship_settings: HardshipSettingsTable;
  charge_reversals: ChargeReversalsTable;
  transfer_accounts: TransferAccountsTable;
  transfer_receipts: TransferReceiptsTable;
  transfer_allocations: TransferAllocationsTable;
  director_consents: DirectorConsentsTable;
  merchant_business_details: MerchantBusinessDetailsTable;
}

export type MerchantRow = Selectable<MerchantsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;
export type NewCheckoutSession = Insertable<CheckoutSessionsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type PaymentMethodSetupRow = Selectable<PaymentMethodSetupsTable>;
export type PaymentPlanRow = Selectable<PaymentPlansTable>;
export type InstallmentRow = Selectable<InstallmentsTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type ChargeRow = Selectable<ChargesTable>;
export type DisputeRow = Selectable<DisputesTable>;
export type HardshipRequestRow = Selectable<HardshipRequestsTable>;
export type ChargeReversalRow = Selectable<ChargeReversalsTable>;
export type TransferAccountRow = Selectable<TransferAccountsTable>;
export type TransferAllocationRow = Selectable<TransferAllocationsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type RefundPartRow = Selectable<RefundPartsTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type PaymentLinkRow = Selectable<PaymentLinksTable>;
export type NotificationOutboxRow = Selectable<NotificationOutboxTable>;
export type OperatorAuditRow = Selectable<OperatorAuditLogTable>;
export type OperatorRow = Selectable<OperatorsTable>;
export type BusinessDetailsRow = Selectable<MerchantBusinessDetailsTable>;
