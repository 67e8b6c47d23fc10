import type { FastifyInstance } from 'fastify';

import { announceCharge, transactionPayload } from './charges.ts';
import type { SandboxContext } from './context.ts';
import { first, inDbTransaction, type Queryable, randomCode } from './db.ts';
import { ok, SandboxError, validationError } from './errors.ts';
import {
  fieldsOf,
  optionalString,
  requiredAmount,
  requiredEmail,
  requiredString,
} from './input.ts';
import { API_ROUTE, CONTROL_ROUTE } from './routing.ts';
import {
  type CustomerRow,
  getTransactionByReference,
  insertTransaction,
  updateTransaction,
  upsertCustomer,
} from './store.ts';
import { customerView } from './views.ts';

/**
 * Dedicated virtual accounts (gateway-protocol.md §22; decision 0071): `POST /customer`,
 * `POST /dedicated_account`, and the control that plays the customer's bank, paying any amount
 * into an account and announcing it with `charge.success` (channel `dedicated_nuban`), late or
 * more than once when asked.
 *
 * Account numbers are deterministic: `99` and the customer's id minus 1,000,000, on 8 digits
 * (customer 1000001 gets 9900000001), at "Test Bank" unless another provider slug was asked for.
 */

interface DedicatedAccountRow {
  id: number;
  account_number: string;
  customer_id: number;
  account_name: string;
  bank_name: string;
  bank_slug: string;
  created_at: Date;
}

interface NamedCustomer extends CustomerRow {
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

const PROVIDERS: Readonly<Record<string, { id: number; name: string }>> = {
  'test-bank': { id: 24, name: 'Test Bank' },
  'wema-bank': { id: 20, name: 'Wema Bank' },
  'titan-paystack': { id: 27, name: 'Titan Paystack' },
};

export function dedicatedAccountNumber(customerId: number): string {
  return `99${String(customerId - 1_000_000).padStart(8, '0')}`;
}

async function namedCustomer(q: Queryable, id: number): Promise<NamedCustomer> {
  const result = await q.query<NamedCustomer>(
    `SELECT id, customer_code, email, created_at, first_name, last_name, phone
       FROM sandbox_gateway.customers WHERE id = $1`,
    [id],
  );
  return first(result.rows, `customer ${id}`);
}

async function findCustomer(q: Queryable, idOrCode: string): Promise<NamedCustomer | undefined> {
  const result = await q.query<NamedCustomer>(
    `SELECT id, customer_code, email, created_at, first_name, last_name, phone
       FROM sandbox_gateway.customers
      WHERE customer_code = $1 OR ($1 ~ '^[0-9]{1,9}$' AND id = $1::integer)`,
    [idOrCode],
  );
  return result.rows[0];
}

function namedCustomerView(row: NamedCustomer) {
  return {
    ...customerView(row),
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    international_format_phone: row.phone,
  };
}

function dedicatedAccountView(account: DedicatedAccountRow, customer: NamedCustomer) {
  const provider = PROVIDERS[account.bank_slug];
  return {
    bank: { name: account.bank_name, id: provider?.id ?? 0, slug: account.bank_slug },
    account_name: account.account_name,
    account_number: account.account_number,
    assigned: true,
    currency: 'NGN',
    metadata: null,
    active: true,
    id: account.id,
    created_at: account.created_at.toISOString(),
    updated_at: account.created_at.toISOString(),
    assignment: {
      integration: 100032,
      assignee_id: customer.id,
      assignee_type: 'Customer',
      expired: false,
      account_type: 'PAY-WITH-TRANSFER-RECURRING',
      assigned_at: account.created_at.toISOString(),
      expired_at: null,
    },
    customer: namedCustomerView(customer),
  };
}

export function registerDedicatedAccountRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/customer', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const email = requiredEmail(fields, 'Email is required');
    const now = ctx.clock.now();
    const created = await upsertCustomer(ctx.pool, email, now);
    const firstName = optionalString(fields, 'first_name');
    const lastName = optionalString(fields, 'last_name');
    const phone = optionalString(fields, 'phone');
    await ctx.pool.query(
      `UPDATE sandbox_gateway.customers
          SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
              phone = coalesce($4, phone)
        WHERE id = $1`,
      [created.id, firstName ?? null, lastName ?? null, phone ?? null],
    );
    return ok('Customer created', namedCustomerView(await namedCustomer(ctx.pool, created.id)));
  });

  app.post('/dedicated_account', API_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const idOrCode = requiredString(fields, 'customer', 'Customer is required');
    const slug = optionalString(fields, 'preferred_bank') ?? 'test-bank';
    const provider = PROVIDERS[slug];
    if (provider === undefined) throw validationError('Invalid preferred bank');
    const customer = await findCustomer(ctx.pool, idOrCode);
    if (customer === undefined) {
      // Paystack's answer for an unknown customer elsewhere (§17, C6): 400 "Customer not found".
      throw validationError('Customer not found');
    }
    if (!customer.first_name || !customer.last_name) {
      throw validationError('Customer first name and last name are required');
    }
    const accountName = `TRANCHE/${customer.first_name} ${customer.last_name}`.toUpperCase();
    const result = await ctx.pool.query<DedicatedAccountRow>(
      `INSERT INTO sandbox_gateway.dedicated_accounts
         (account_number, customer_id, account_name, bank_name, bank_slug, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (customer_id) DO UPDATE SET customer_id = EXCLUDED.customer_id
       RETURNING *`,
      [
        dedicatedAccountNumber(customer.id),
        customer.id,
        accountName,
        provider.name,
        slug,
        ctx.clock.now(),
      ],
    );
    const account = first(result.rows, 'dedicated account');
    return ok('Assigned Managed Account', dedicatedAccountView(account, customer));
  });

  /**
   * The customer's bank pays `amount` into `account_number`: a successful `dedicated_nuban`
   * transaction, announced `deliveries` times (default 1; 0 announces nothing yet, 2 is a
   * duplicate delivery of the same event), `delay_ms` later (a late notification).
   */
  app.post('/_sandbox/dedicated_account/transfers', CONTROL_ROUTE, async (request) => {
    const fields = fieldsOf(request.body);
    const accountNumber = requiredString(fields, 'account_number', 'account_number is required');
    const amount = requiredAmount(fields);
    const rawDeliveries = fields.deliveries ?? 1;
    const deliveries = Number(rawDeliveries);
    if (!Number.isInteger(deliveries) || deliveries < 0 || deliveries > 5) {
      throw validationError('deliveries must be 0 to 5');
    }
    const delayMs = Number(fields.delay_ms ?? 0);
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000) {
      throw validationError('delay_ms must be 0 to 600000');
    }
    const found = await ctx.pool.query<DedicatedAccountRow>(
      'SELECT * FROM sandbox_gateway.dedicated_accounts WHERE account_number = $1',
      [accountNumber],
    );
    const account = found.rows[0];
    if (account === undefined) throw validationError('No dedicated account has this number');
    const now = ctx.clock.now();
    const transaction = await inDbTransaction(ctx.pool, async (db) => {
      const created = await insertTransaction(db, {
        reference: `T${randomCode(15)}`,
        access_code: null,
        customer_id: account.customer_id,
        amount,
        currency: 'NGN',
        channel: 'dedicated_nuban',
        status: 'processing',
        gateway_response: 'Approved',
        callback_url: null,
        metadata: {
          receiver_account_number: account.account_number,
          receiver_bank: account.bank_name,
        },
        authorization_code: null,
        ip_address: null,
        created_at: now,
      });
      await db.query(
        'UPDATE sandbox_gateway.transactions SET receiver_account_number = $2 WHERE id = $1',
        [created.id, account.account_number],
      );
      return updateTransaction(
        db,
        created.id,
        { status: 'success', gateway_response: 'Approved', message: null, paid_at: now },
        now,
      );
    });
    const payload = await transactionPayload(ctx.pool, {
      ...transaction,
      receiver_account_number: account.account_number,
    });
    announceLater(ctx, payload, deliveries, delayMs);
    return ok('Transfer received', payload);
  });

  /** Announces an existing transfer again (`charge.success`, the same body): late or duplicated. */
  app.post(
    '/_sandbox/dedicated_account/transfers/:reference/announce',
    CONTROL_ROUTE,
    async (request) => {
      const { reference } = request.params as { reference: string };
      const transaction = await getTransactionByReference(ctx.pool, reference);
      if (transaction === undefined || transaction.channel !== 'dedicated_nuban') {
        throw new SandboxError(404, 'Transaction reference not found');
      }
      const payload = await transactionPayload(ctx.pool, transaction);
      await announceCharge(ctx, payload);
      return ok('Transfer announced', payload);
    },
  );
}

function announceLater(
  ctx: SandboxContext,
  payload: Awaited<ReturnType<typeof transactionPayload>>,
  deliveries: number,
  delayMs: number,
): void {
  const announce = async () => {
    for (let i = 0; i < deliveries; i += 1) await announceCharge(ctx, payload);
  };
  if (delayMs > 0) setTimeout(() => void announce(), delayMs).unref();
  else void announce();
}
