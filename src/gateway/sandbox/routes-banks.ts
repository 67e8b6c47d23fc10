import type { FastifyInstance } from 'fastify';

import { ok, SandboxError } from './errors.ts';
import { isRecord } from './input.ts';
import { API_ROUTE } from './routing.ts';
import { type Bank, BANKS, resolvedAccountName } from './test-data.ts';

// A fixed date: Paystack's bank list changes rarely and its timestamps are old.
const LISTED_AT = '2016-07-14T10:04:29.000Z';

function bankView(bank: Bank) {
  return {
    id: bank.id,
    name: bank.name,
    slug: bank.slug,
    code: bank.code,
    longcode: bank.longcode,
    gateway: bank.directDebit ? 'emandate' : null,
    pay_with_bank: bank.directDebit,
    supports_transfer: true,
    available_for_direct_debit: bank.directDebit,
    active: true,
    is_deleted: false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    createdAt: LISTED_AT,
    updatedAt: LISTED_AT,
  };
}

function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : undefined;
}

/**
 * The sandbox only knows Nigerian NUBAN banks, so filters for other countries, currencies or
 * types give an empty list, as Paystack's would for an integration without them. Pagination
 * parameters are accepted; the whole list always fits on one page.
 */
function matches(bank: Bank, query: Record<string, unknown>): boolean {
  const country = queryText(query, 'country');
  if (country !== undefined && country !== 'nigeria') return false;
  const currency = queryText(query, 'currency');
  if (currency !== undefined && currency !== 'ngn') return false;
  const type = queryText(query, 'type');
  if (type !== undefined && type !== 'nuban') return false;
  if (queryText(query, 'pay_with_bank') === 'true' && !bank.directDebit) return false;
  const gateway = queryText(query, 'gateway');
  if (gateway !== undefined && (gateway !== 'emandate' || !bank.directDebit)) return false;
  return true;
}

export function registerBankRoutes(app: FastifyInstance): void {
  app.get('/bank', API_ROUTE, async (request) => {
    const query = isRecord(request.query) ? request.query : {};
    const data = BANKS.filter((bank) => matches(bank, query)).map(bankView);
    return {
      status: true,
      message: 'Banks retrieved',
      data,
      meta: { next: null, previous: null, perPage: data.length },
    };
  });

  // Paystack answers an account it cannot name with 422 (fact sheet §7); so does the sandbox.
  app.get('/bank/resolve', API_ROUTE, async (request) => {
    const query = isRecord(request.query) ? request.query : {};
    const accountNumber = typeof query.account_number === 'string' ? query.account_number : '';
    const bankCode = typeof query.bank_code === 'string' ? query.bank_code : '';
    const name = resolvedAccountName(bankCode, accountNumber);
    if (name === undefined) {
      throw new SandboxError(422, 'Could not resolve account name. Check parameters or try again.');
    }
    const bank = BANKS.find((b) => b.code === bankCode);
    return ok('Account number resolved', {
      account_number: accountNumber,
      account_name: name,
      bank_id: bank?.id ?? null,
    });
  });
}
