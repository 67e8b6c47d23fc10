// The baseline table and route of bench/serve-bare.ts, shared with bench/sessions.ts.
export const BARE_ROUTE = '/bare/checkout/sessions';

/** Columns and indexes like checkout_sessions' (minus its foreign key and two extra indexes). */
export const BARE_TABLE_DDL = `
CREATE TABLE IF NOT EXISTS bench_bare_sessions (
  id text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  merchant_id text NOT NULL,
  livemode boolean NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL CHECK (currency = 'NGN'),
  title text NOT NULL,
  order_reference text NOT NULL,
  customer_email text,
  status text NOT NULL,
  constraints jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  cancelled_at timestamptz
)`;

/** What the baseline server does per request (see bench/serve-bare.ts). */
export const BARE_VARIANTS = ['insert', 'tranche-sql', 'one-statement'] as const;
export type BareVariant = (typeof BARE_VARIANTS)[number];

export function isBareVariant(value: string): value is BareVariant {
  return (BARE_VARIANTS as readonly string[]).includes(value);
}

export const BARE_VARIANT_LABELS: Record<BareVariant, string> = {
  insert: 'bare Fastify + 1 INSERT',
  'tranche-sql': 'bare Fastify + Tranche 7 SQL',
  'one-statement': 'bare Fastify + 1 CTE (cached key)',
};

/** Where each variant's rows land, for the row count afterwards. */
export const BARE_VARIANT_TABLES: Record<BareVariant, string> = {
  insert: 'bench_bare_sessions',
  'tranche-sql': 'checkout_sessions',
  'one-statement': 'checkout_sessions',
};
