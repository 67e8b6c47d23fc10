/**
 * Examples for the OpenAPI document, made from the very schemas the API validates with, so an
 * example cannot drift from its schema (Redocly's `no-invalid-media-type-examples` checks each).
 * A schema's own `examples` win; otherwise a value is chosen by type, format and field name.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = { [key: string]: unknown };

/** Values for fields no schema gives an example for, by field name. */
const BY_NAME: Record<string, Json> = {
  merchant_id: 'mer_4fQ2d8LkP0aZ7sVbN1xY',
  customer_id: 'cus_1aB2cD3eF4gH5iJ6kL7m',
  checkout_session_id: 'cs_9hT3kQ0vZr2mW8yL1pXa',
  payment_method_id: 'pm_7bQ1vN4kT9sX2mL0pZcA',
  plan_id: 'plan_3Jd9sKq0LmT2vX7yB1cN',
  payment_plan_id: 'plan_3Jd9sKq0LmT2vX7yB1cN',
  event_id: 'evt_4kQ2nV8sLm0pXc7RtY1a',
  order_reference: 'order-1001',
  title: 'Samsung Galaxy A15',
  business_name: 'Ada Stores',
  first_name: 'Ada',
  last_name: 'Obi',
  phone: '08031234567',
  password: 'a long password',
  current_password: 'a long password',
  new_password: 'another long password',
  token: 'cst_Xr4bN8qL2mV7kP1zT9wY3sD6',
  access_token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJjdXNfMWFCMmNEM2VGNGdINWlKNmtMN20ifQ.c2lnbmF0dXJl',
  refresh_token: 'rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC',
  reference: 'chg-inst0aA-1',
  bank_code: '058',
  bank_name: 'GTBank',
  account_number: '0123456789',
  bvn: '22100000001',
  otp: '123456',
  label: 'Visa Card',
  last4: '4081',
  brand: 'visa',
  reason: 'Customer returned the item',
  name: 'Guaranty Trust Bank',
  redacted: 'sk_test_…Y3sD',
  secret: 'whsec_…',
  display_text: 'Enter the OTP sent to 080****5678',
  message: 'Your installment of ₦8,334.00 is due on 21 December.',
  detail: 'A human-readable explanation.',
  currency: 'NGN',
  email: 'ada@example.ng',
  customer_email: 'ada@example.ng',
  event: 'payment.success',
  code: 'invalid_request',
  mode: 'test',
  trigger: 'request',
  session_token: 'cst_Xr4bN8qL2mV7kP1zT9wY3sD6',
  secret_key: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  webhook_secret: 'whsec_5WbX8kP2mQ9vL1nT7yC4dZ6r',
  min_customer_tier: 'Tranche Bronze',
  merchant_name: 'Ada Stores',
  exp_month: '12',
  exp_year: '2030',
  date_of_birth: '1990-01-15',
  charge_reference: 'chg-inst0aA-1',
  payout_reference: 'trf-5c2d8e1f',
  refund_reference: 'rfd-5Qm2xR8v',
};

/** Nullable fields whose usual value is null (no error, not revoked, last page). */
const USUALLY_NULL =
  /(_reason|error|^revoked_at|^deactivated_at|^completed_at|^previous_.*|^next_cursor)$/;

/** URL-valued fields, by name. */
const URLS: Record<string, string> = {
  checkout_url: 'http://localhost:3000/checkout/cst_Xr4bN8qL2mV7kP1zT9wY3sD6',
  webhook_url: 'https://shop.example/webhooks/tranche',
  callback_url: 'https://shop.example/payment-methods/done',
  redirect_url: 'https://shop.example/orders/thank-you',
  authorization_url: 'http://localhost:4010/checkout/ac_5bN2kQ8xM1',
  url: 'https://shop.example/webhooks/tranche',
};

const TRUE_BY_NAME = new Set(['ok', 'is_default', 'active', 'eligible', 'delivered', 'has_more']);
const TIMESTAMP = '2026-11-21T10:00:00.000Z';

export function exampleFor(
  schema: JsonSchema,
  resolveRef: (ref: string) => JsonSchema | undefined,
  name?: string,
  depth = 0,
): Json {
  if (depth > 12) return null;
  const next = (child: unknown, childName?: string) =>
    exampleFor(asSchema(child), resolveRef, childName, depth + 1);

  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref);
    return target ? exampleFor(target, resolveRef, name, depth + 1) : null;
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    return schema.examples[0] as Json;
  }
  if (schema.example !== undefined) return schema.example as Json;
  if (schema.const !== undefined) return schema.const as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as Json;
  if (schema.default !== undefined) return schema.default as Json;

  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    // A nullable field shows its value, not null, unless null is what it usually holds.
    const isNull = (b: unknown) => asSchema(b).type === 'null';
    const chosen =
      name !== undefined && USUALLY_NULL.test(name) && branches.some(isNull)
        ? branches.find(isNull)
        : (branches.find((b) => !isNull(b)) ?? branches[0]);
    return next(chosen, name);
  }

  if (Array.isArray(schema.type) && name !== undefined && USUALLY_NULL.test(name)) return null;
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      const properties = asSchema(schema.properties ?? {});
      const result: { [key: string]: Json } = {};
      for (const [key, child] of Object.entries(properties)) result[key] = next(child, key);
      return result;
    }
    case 'array': {
      const count =
        typeof schema.minItems === 'number' && schema.minItems > 1 ? schema.minItems : 1;
      return Array.from({ length: count }, () => next(schema.items, singular(name)));
    }
    case 'integer':
    case 'number':
      return numberFor(schema, name);
    case 'boolean':
      return name !== undefined && TRUE_BY_NAME.has(name);
    case 'string':
      return stringFor(schema, name);
    case 'null':
      return null;
    default:
      return {};
  }
}

function asSchema(value: unknown): JsonSchema {
  return typeof value === 'object' && value !== null ? (value as JsonSchema) : {};
}

function singular(name: string | undefined): string | undefined {
  return name?.endsWith('s') ? name.slice(0, -1) : name;
}

function numberFor(schema: JsonSchema, name: string | undefined): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value =
    name === 'amount' || name?.endsWith('_amount')
      ? 2_500_000
      : name?.endsWith('_pct')
        ? 25
        : name?.endsWith('_count')
          ? 3
          : name === 'sequence' || name === 'attempt' || name === 'attempts'
            ? 1
            : (min ?? 0);
  if (max !== undefined && value > max) value = max;
  if (min !== undefined && value < min) value = min;
  return value;
}

function stringFor(schema: JsonSchema, name: string | undefined): string {
  switch (schema.format) {
    case 'date-time':
      return TIMESTAMP;
    case 'date':
      return '1990-01-15';
    case 'email':
      return name === 'email' || name === undefined ? 'ada@example.ng' : `${name}@example.ng`;
    case 'uri':
      return URLS[name ?? ''] ?? 'https://shop.example/';
  }
  if (name !== undefined) {
    const known = URLS[name] ?? BY_NAME[name];
    if (typeof known === 'string') return known;
    if (name.endsWith('_id')) return `${name.slice(0, -3)}_4fQ2d8LkP0aZ7sVbN1xY`;
    if (name.endsWith('_at')) return TIMESTAMP;
  }
  // Descriptions that list the values ("pending, in_transit, paid, …"): the first one.
  const listed =
    typeof schema.description === 'string' ? /^([a-z_]+), [a-z_]+/.exec(schema.description) : null;
  if (listed?.[1]) return listed[1];
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return 'text'.padEnd(minLength, 'x');
}
