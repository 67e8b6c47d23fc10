import { missingParams, SandboxError, validationError } from './errors.ts';

/**
 * Request fields are read by hand rather than through JSON Schema so that every refusal carries
 * the message and code Paystack uses, and so that JSON and form bodies (where every value is a
 * string) go through the same rules.
 */

export type Fields = Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The request body as an object; a missing body is an empty one. */
export function fieldsOf(body: unknown): Fields {
  if (body === undefined || body === null || body === '') return {};
  if (!isRecord(body)) throw validationError('The request body must be an object');
  return body;
}

/**
 * `application/x-www-form-urlencoded`, with one level of bracket nesting (`bank[code]=057`) so
 * that form clients can send the nested objects Paystack's JSON bodies have.
 */
export function parseFormBody(text: string): Fields {
  const fields: Fields = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (nested?.[1] !== undefined && nested[2] !== undefined) {
      const parent = fields[nested[1]];
      const group: Fields = isRecord(parent) ? parent : {};
      group[nested[2]] = value;
      fields[nested[1]] = group;
    } else {
      fields[key] = value;
    }
  }
  return fields;
}

export function optionalString(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw validationError(`${name} must be a string`);
  return value.trim();
}

export function requiredString(fields: Fields, name: string, missingMessage: string): string {
  const value = optionalString(fields, name);
  if (value === undefined) throw missingParams(missingMessage);
  return value;
}

const MAX_AMOUNT_KOBO = Number.MAX_SAFE_INTEGER;

/** Amounts arrive as an integer or a digit string (the docs' samples send "20000"). */
export function parseAmount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) {
    const parsed = Number(value.trim());
    if (parsed > 0 && parsed <= MAX_AMOUNT_KOBO) return parsed;
  }
  return undefined;
}

export function requiredAmount(fields: Fields, name = 'amount'): number {
  const value = fields[name];
  if (value === undefined || value === null || value === '') {
    throw missingParams('Amount is required');
  }
  const amount = parseAmount(value);
  if (amount === undefined) throw validationError('Invalid Amount Sent');
  return amount;
}

export function optionalAmount(fields: Fields, name: string): number | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') return undefined;
  const amount = parseAmount(value);
  if (amount === undefined) throw validationError('Invalid Amount Sent');
  return amount;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredEmail(fields: Fields, missingMessage: string): string {
  const email = requiredString(fields, 'email', missingMessage);
  if (!EMAIL.test(email)) throw validationError('Invalid Email Address Passed');
  return email;
}

/** The sandbox is an NGN-only integration, like a Nigerian merchant's default. */
export function currencyOf(fields: Fields): 'NGN' {
  const currency = optionalString(fields, 'currency') ?? 'NGN';
  if (currency.toUpperCase() !== 'NGN') {
    throw new SandboxError(400, 'Currency not supported by merchant', {
      type: 'validation_error',
      code: 'unsupported_currency',
    });
  }
  return 'NGN';
}

/** Transaction references: alphanumerics, `-`, `.` and `=` only (fact sheet §0). */
const TRANSACTION_REFERENCE = /^[A-Za-z0-9.=-]{1,100}$/;

export function optionalTransactionReference(fields: Fields): string | undefined {
  const reference = optionalString(fields, 'reference');
  if (reference === undefined) return undefined;
  if (!TRANSACTION_REFERENCE.test(reference)) {
    throw validationError(
      "Invalid transaction reference: only alphanumerics, '-', '.' and '=' are allowed",
    );
  }
  return reference;
}

/**
 * Transfer references: lowercase alphanumerics, `-` and `_`, at least 16 characters (S1). The
 * upper bound of 100 is ours; the 50 seen in third-party notes is unconfirmed.
 */
const TRANSFER_REFERENCE = /^[a-z0-9_-]{16,100}$/;

export function requiredTransferReference(fields: Fields): string {
  const reference = requiredString(fields, 'reference', 'Reference is required');
  if (!TRANSFER_REFERENCE.test(reference)) {
    throw validationError(
      "Invalid transfer reference: 16 to 100 lowercase alphanumerics, '-' or '_'",
    );
  }
  return reference;
}

/**
 * `metadata` is an object in JSON bodies; S1 types charge_authorization's as a stringified JSON
 * string, and form bodies can only send it that way. Either is stored as an object.
 */
export function optionalMetadata(fields: Fields): Record<string, unknown> | null {
  const value = fields.metadata;
  if (value === undefined || value === null || value === '') return null;
  if (isRecord(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isRecord(parsed)) return parsed;
    } catch {
      // Falls through to the refusal below.
    }
  }
  throw validationError('metadata must be an object or a JSON-encoded object');
}

export function optionalUrl(fields: Fields, name: string): string | undefined {
  const value = optionalString(fields, name);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw validationError(`${name} is not a valid URL`);
  }
  return value;
}
