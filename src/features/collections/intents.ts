import { sql } from 'kysely';

import type { AppContext } from '../../app-context.ts';
import { partialDebitAtLeast } from '../../domain/partial-debit.ts';
import { ATTEMPTABLE_INSTALLMENT_STATUSES } from '../../domain/plan.ts';

export function chargeReference(installmentId: string, attempt: number): string {
  return `chg-${installmentId.replace(/_/g, '')}-${attempt}`;
}

/** The reference of the customer's n-th own payment of an installment (pay now, pay off). */
export function customerChargeReference(installmentId: string, n: number): string {
  return `pay-${installmentId.replace(/_/g, '')}-${n}`;
}

export type ChargeInitiator = 'schedule' | 'customer';

export interface Intent {
  reference: string;
  installmentId: string;
  planId: string;
  /** The attempt this charge is (failed attempts before it + 1). */
  attempt: number;
  amountKobo: number;
  /** False when an earlier run recorded this charge and did not record its outcome. */
  fresh: boolean;
  initiatedBy: ChargeInitiator;
  method: {
    authorizationSealed: string;
    status: string;
    email: string;
    type: 'card' | 'bank';
    brand: string;
  };
  /** 0 is the deposit. */
  sequence: number;
  /** The merchant's partial-debit floor (decision 0045); null: off. */
  partialDebitFloorPct: number | null;
  /**
   * The `at_least` of a partial debit: recorded on the charge (`markPartialDebits`) before the
   * gateway is called, and read back when an earlier run left the charge pending.
   */
  atLeastKobo: number | null;
}

interface IntentRow {
  installment_id: string;
  plan_id: string;
  attempt: number;
  amount_kobo: number;
  fresh: boolean;
  reference: string;
  initiated_by: ChargeInitiator;
  customer_charge_number: number;
  authorization_sealed: string;
  method_status: string;
  email: string;
  method_type: 'card' | 'bank';
  method_brand: string;
  sequence: number;
  partial_debit_floor_pct: number | null;
  at_least_kobo: string | number | null;
}

export interface CollectOptions {
  /**
   * The customer asked to pay (pay now, pay off): a defaulted plan is collected too (automatic
   * debits stop at default, the customer's own payments do not), and a failure changes nothing
   * (money-rules.md §4). The charge gets its own reference, `customerChargeReference`.
   */
  customerInitiated?: boolean;
  /**
   * Charge this method of the plan's customer instead of the plan's (checked by the caller); the
   * plan moves to it when the payment succeeds. Only with `customerInitiated`.
   */
  paymentMethodId?: string | undefined;
}

/**
 * What a run claims: installments where an attempt may start (the machine's rule), and those
 * `processing`, whose attempt in flight is resumed (verified with its reference), never restarted.
 */
const CLAIMABLE_STATUSES: readonly string[] = [...ATTEMPTABLE_INSTALLMENT_STATUSES, 'processing'];

/**
 * Step 1 for any number of installments, in one statement (so one implicit transaction): lock
 * each installment (and share-lock its plan, so that a plan status committed while we waited is
 * seen), skip what must not be debited (paid or cancelled installments; cancelled, completed or
 * defaulted plans: money-rules.md, the customer can still pay a defaulted plan), insert a pending
 * charge with our own reference for each installment not already processing, mark it
 * processing, and return everything the gateway call needs: the customer's email and the sealed
 * authorization of the charge's payment method (the plan's for a new charge, the recorded
 * charge's for one an earlier run left pending). The reference is `chargeReference(id, attempt)`.
 */
export async function recordIntents(
  ctx: AppContext,
  installmentIds: readonly string[],
  options: CollectOptions = {},
): Promise<Map<string, Intent>> {
  const notCollected = options.customerInitiated
    ? ['cancelled', 'completed']
    : ['cancelled', 'completed', 'defaulted'];
  const initiatedBy: ChargeInitiator = options.customerInitiated ? 'customer' : 'schedule';
  const methodOverride = options.customerInitiated ? (options.paymentMethodId ?? null) : null;
  if (installmentIds.length === 0) return new Map();
  const now = ctx.clock.now();
  const { rows } = await sql<IntentRow>`
    WITH claimed AS (
      SELECT i.id, i.plan_id, i.failed_attempts, i.amount_kobo, i.sequence, p.merchant_id,
             (SELECT mer.partial_debit_floor_pct FROM merchants mer WHERE mer.id = p.merchant_id)
               AS partial_debit_floor_pct,
             COALESCE(${methodOverride}::text, p.payment_method_id) AS plan_method_id,
             i.status = 'processing' AND i.charge_reference IS NOT NULL AS resumed,
             i.charge_reference
        FROM installments i
        JOIN payment_plans p ON p.id = i.plan_id
       WHERE i.id = ANY(${installmentIds}::text[])
         AND i.status = ANY(${CLAIMABLE_STATUSES}::text[])
         AND p.status <> ALL(${notCollected}::text[])
       ORDER BY i.id
         FOR UPDATE OF i FOR SHARE OF p
    ), locked AS (
      -- The customer's n-th own payment of the installment: counted under the installment's lock.
      SELECT c.*, n.customer_charge_number,
             CASE WHEN c.resumed THEN c.charge_reference
                  -- chargeReference() and customerChargeReference(): no underscore allowed.
                  WHEN ${initiatedBy} = 'customer'
                  THEN 'pay-' || replace(c.id, '_', '') || '-' || n.customer_charge_number
                  ELSE 'chg-' || replace(c.id, '_', '') || '-' || (c.failed_attempts + 1)
             END AS reference
        FROM claimed c
        -- Counted only for the customer's payments: automatic batches (the hot path) skip it.
        CROSS JOIN LATERAL (
          SELECT CASE WHEN ${initiatedBy} = 'customer'
                      THEN (SELECT count(*)::int FROM charges ch
                             WHERE ch.installment_id = c.id AND ch.initiated_by = 'customer')
                      ELSE 0 END + 1 AS customer_charge_number
        ) n
    ), inserted AS (
      INSERT INTO charges (reference, installment_id, plan_id, merchant_id, payment_method_id,
                           attempt, amount_kobo, status, gateway_message, created_at, settled_at,
                           initiated_by)
      SELECT reference, id, plan_id, merchant_id, plan_method_id, failed_attempts + 1, amount_kobo,
             'pending', NULL, ${now}::timestamptz, NULL, ${initiatedBy}
        FROM locked WHERE NOT resumed
      RETURNING reference
    ), marked AS (
      UPDATE installments i
         SET status = 'processing', charge_reference = l.reference
        FROM locked l
       WHERE i.id = l.id AND NOT l.resumed
      RETURNING i.id
    )
    SELECT l.id AS installment_id, l.plan_id, l.failed_attempts + 1 AS attempt, l.amount_kobo,
           NOT l.resumed AS fresh, l.reference, l.customer_charge_number, l.sequence,
           l.partial_debit_floor_pct,
           CASE WHEN l.resumed
                THEN (SELECT ch.at_least_kobo FROM charges ch WHERE ch.reference = l.reference)
                END AS at_least_kobo,
           CASE WHEN l.resumed
                THEN (SELECT ch.initiated_by FROM charges ch WHERE ch.reference = l.reference)
                ELSE ${initiatedBy} END AS initiated_by,
           m.authorization_sealed, m.method_status, m.email, m.method_type, m.method_brand
      FROM locked l
      -- One index lookup per installment (LIMIT keeps the planner from turning this into a scan
      -- of every payment method). A resumed charge keeps the method it was recorded with.
      CROSS JOIN LATERAL (
        SELECT pm.authorization_sealed, pm.status AS method_status, c.email,
               pm.type AS method_type, pm.brand AS method_brand
          FROM payment_methods pm
          JOIN customers c ON c.id = pm.customer_id
         WHERE pm.id = CASE WHEN l.resumed
                            THEN (SELECT ch.payment_method_id FROM charges ch
                                   WHERE ch.reference = l.reference)
                            ELSE l.plan_method_id END
         LIMIT 1
      ) m`.execute(ctx.db);
  const intents = new Map<string, Intent>();
  for (const row of rows) {
    const expected =
      row.initiated_by === 'customer'
        ? customerChargeReference(row.installment_id, row.customer_charge_number)
        : chargeReference(row.installment_id, row.attempt);
    if (row.fresh && row.reference !== expected) {
      throw new Error(`charge reference ${row.reference} should be ${expected}`);
    }
    intents.set(row.installment_id, {
      reference: row.reference,
      installmentId: row.installment_id,
      planId: row.plan_id,
      attempt: row.attempt,
      amountKobo: row.amount_kobo,
      fresh: row.fresh,
      initiatedBy: row.initiated_by,
      method: {
        authorizationSealed: row.authorization_sealed,
        status: row.method_status,
        email: row.email,
        type: row.method_type,
        brand: row.method_brand,
      },
      sequence: row.sequence,
      partialDebitFloorPct: row.partial_debit_floor_pct,
      atLeastKobo: row.at_least_kobo === null ? null : Number(row.at_least_kobo),
    });
  }
  return intents;
}

/**
 * Decides which fresh intents are partial debits (decision 0045: `partialDebitAtLeast`) and
 * records their `at_least` on the pending charge, in one statement, before any gateway call: a
 * run that dies after this resumes the charge as the partial debit it was, and settlement knows
 * the floor it may accept. A crash before it leaves a full charge, which is what is sent then.
 */
export async function markPartialDebits(ctx: AppContext, intents: Iterable<Intent>): Promise<void> {
  const marked: { reference: string; atLeastKobo: number }[] = [];
  for (const intent of intents) {
    if (!intent.fresh) continue;
    const atLeastKobo = partialDebitAtLeast({
      initiatedBy: intent.initiatedBy,
      attempt: intent.attempt,
      sequence: intent.sequence,
      method: intent.method,
      floorPct: intent.partialDebitFloorPct,
      owedKobo: intent.amountKobo,
    });
    if (atLeastKobo === null) continue;
    marked.push({ reference: intent.reference, atLeastKobo });
    intent.atLeastKobo = atLeastKobo;
  }
  if (marked.length === 0) return;
  await sql`
    UPDATE charges c SET at_least_kobo = m.at_least
      FROM unnest(${marked.map((m) => m.reference)}::text[],
                  ${marked.map((m) => m.atLeastKobo)}::bigint[]) AS m(reference, at_least)
     WHERE c.reference = m.reference AND c.status = 'pending'`.execute(ctx.db);
}
