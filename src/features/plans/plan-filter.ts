import { type RawBuilder, sql } from 'kysely';

import type { PaymentPlanRow } from '../../db/schema.ts';
import { DomainError } from '../../domain/errors.ts';

/**
 * How a merchant finds plans (decision 0066): the list, the exports and the dashboard's search
 * bar share it. Every part narrows (they are ANDed); text matches ignore case.
 */
export interface PlanFilter {
  status?: PaymentPlanRow['status'];
  customerId?: string;
  orderReference?: string;
  /** The buyer's e-mail at checkout, whole (case ignored). */
  customerEmail?: string;
  /** The buyer's phone: its last 10 digits, so 0803…, +234 803… and 234803… all match. */
  customerPhone?: string;
  /** Part of the title. */
  title?: string;
  amountMinKobo?: number;
  amountMaxKobo?: number;
  createdFrom?: Date;
  createdBefore?: Date;
  /** One box for all: part of the e-mail, title or order reference, or of the phone's digits. */
  q?: string;
}

const lastTenDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** A lowercase substring test without LIKE's wildcards (a `%` typed in the box is a `%`). */
const contains = (column: RawBuilder<unknown>, text: string) =>
  sql<boolean>`strpos(lower(coalesce(${column}, '')), ${text.toLowerCase()}) > 0`;

/**
 * The filter as one SQL condition over the plans table under `alias` (null: no condition).
 * Refuses (400) a phone with fewer than 10 digits: a shorter one would match strangers.
 */
export function planFilterCondition(alias: string, f: PlanFilter): RawBuilder<boolean> | null {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const phoneDigits = sql`right(regexp_replace(coalesce(${col('customer_phone')}, ''), '\\D', '', 'g'), 10)`;
  const parts: RawBuilder<boolean>[] = [];
  if (f.status) parts.push(sql<boolean>`${col('status')} = ${f.status}`);
  if (f.customerId) parts.push(sql<boolean>`${col('customer_id')} = ${f.customerId}`);
  if (f.orderReference) parts.push(sql<boolean>`${col('order_reference')} = ${f.orderReference}`);
  if (f.customerEmail) {
    parts.push(sql<boolean>`lower(${col('customer_email')}) = ${f.customerEmail.toLowerCase()}`);
  }
  if (f.customerPhone !== undefined) {
    const digits = lastTenDigits(f.customerPhone);
    if (digits.length < 10) {
      throw new DomainError(
        'invalid_request',
        'customer_phone needs at least 10 digits (such as 0803 123 4567 or +234 803 123 4567).',
      );
    }
    parts.push(sql<boolean>`${phoneDigits} = ${digits}`);
  }
  if (f.title) parts.push(contains(col('title'), f.title));
  if (f.amountMinKobo !== undefined) {
    parts.push(sql<boolean>`${col('amount_kobo')} >= ${f.amountMinKobo}`);
  }
  if (f.amountMaxKobo !== undefined) {
    parts.push(sql<boolean>`${col('amount_kobo')} <= ${f.amountMaxKobo}`);
  }
  if (f.createdFrom) parts.push(sql<boolean>`${col('created_at')} >= ${f.createdFrom}`);
  if (f.createdBefore) parts.push(sql<boolean>`${col('created_at')} < ${f.createdBefore}`);
  const q = f.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const anyOf = [
      contains(col('customer_email'), q),
      contains(col('title'), q),
      contains(col('order_reference'), q),
      contains(col('customer_name'), q),
      // Digits typed as a phone (0803…, +234…): compared on the national part, at least 4 of them.
      ...(digits.length >= 4 && /^[\d\s+()-]+$/.test(q)
        ? [sql<boolean>`strpos(${phoneDigits}, ${digits.replace(/^(234|0)/, '')}) > 0`]
        : []),
    ];
    parts.push(sql<boolean>`(${sql.join(anyOf, sql` or `)})`);
  }
  return parts.length === 0 ? null : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The list and exports' query parameters, read into a filter (dates already validated). */
export function planFilterFromQuery(q: {
  status?: PaymentPlanRow['status'] | undefined;
  customer_id?: string | undefined;
  order_reference?: string | undefined;
  customer_email?: string | undefined;
  customer_phone?: string | undefined;
  title?: string | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
  created_from?: string | undefined;
  created_before?: string | undefined;
  q?: string | undefined;
}): PlanFilter {
  const date = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) {
      throw new DomainError(
        'invalid_request',
        `${name} is not a date-time (such as 2026-11-01T00:00:00+01:00).`,
      );
    }
    return at;
  };
  const createdFrom = date('created_from', q.created_from);
  const createdBefore = date('created_before', q.created_before);
  return {
    ...(q.status && { status: q.status }),
    ...(q.customer_id && { customerId: q.customer_id }),
    ...(q.order_reference && { orderReference: q.order_reference }),
    ...(q.customer_email && { customerEmail: q.customer_email }),
    ...(q.customer_phone !== undefined && { customerPhone: q.customer_phone }),
    ...(q.title && { title: q.title }),
    ...(q.amount_min !== undefined && { amountMinKobo: q.amount_min }),
    ...(q.amount_max !== undefined && { amountMaxKobo: q.amount_max }),
    ...(createdFrom && { createdFrom }),
    ...(createdBefore && { createdBefore }),
    ...(q.q && { q: q.q }),
  };
}
