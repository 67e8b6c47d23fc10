import { DomainError, type FieldError } from './errors.ts';

/*
 * What an order is and who bought it (decisions 0051 and 0052): the merchant's metadata, the line
 * items, the questions a payment link asks and the buyer's answers. Pure rules; the request
 * schemas (features/checkout/schemas.ts, features/payment-links/schemas.ts) state the same
 * limits so that a body outside them is refused field by field before any of this runs.
 */

/** Decision 0051: Stripe's limits, which shops and plugins already fit. */
export const METADATA_MAX_KEYS = 20;
export const METADATA_KEY_MAX_LENGTH = 40;
export const METADATA_VALUE_MAX_LENGTH = 500;
export const LINE_ITEMS_MAX = 50;
export const LINE_ITEM_NAME_MAX_LENGTH = 200;
export const LINE_ITEM_MAX_QUANTITY = 10_000;

/** Decision 0052: a payment link asks at most this many questions. */
export const CUSTOMER_FIELDS_MAX = 5;
export const CUSTOMER_FIELD_LABEL_MAX_LENGTH = 60;
export const CUSTOMER_FIELD_KEY_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
/** An answer: a delivery address fits in 300 characters; a phone in 20. */
export const CUSTOMER_FIELD_ANSWER_MAX_LENGTH = { text: 300, address: 300, phone: 20 } as const;

export type Metadata = Record<string, string>;

export interface LineItem {
  name: string;
  quantity: number;
  /** Kobo, for one. */
  unit_amount: number;
}

export type CustomerFieldType = 'text' | 'address' | 'phone';

/** One question a payment link asks the buyer before the checkout. */
export interface CustomerFieldDefinition {
  key: string;
  label: string;
  type: CustomerFieldType;
  required: boolean;
}

/** One answer, with the question's label as it was asked. */
export interface CustomerFieldAnswer {
  key: string;
  label: string;
  value: string;
}

/**
 * Line items must add up to the session's amount: a plan whose items say ₦20,000 and whose
 * schedule collects ₦25,000 would be a receipt that lies. Refused with the field named.
 */
export function assertLineItemsMatchAmount(
  lineItems: readonly LineItem[] | undefined,
  amountKobo: number,
): void {
  if (lineItems === undefined) return;
  const sum = lineItems.reduce((total, item) => total + item.quantity * item.unit_amount, 0);
  if (sum === amountKobo) return;
  const message = `The line items add up to ${sum} kobo, but amount is ${amountKobo}. Send line items whose quantity × unit_amount sum to amount.`;
  throw new DomainError('invalid_request', message, {
    fields: [{ field: 'line_items', message }],
  });
}

/** A payment link's questions: keys unique, so each answer is named once. */
export function assertCustomerFieldDefinitions(fields: readonly CustomerFieldDefinition[]): void {
  const seen = new Set<string>();
  for (const [n, field] of fields.entries()) {
    if (seen.has(field.key)) {
      const message = `The key "${field.key}" is used twice. Give each question its own key.`;
      throw new DomainError('invalid_request', message, {
        fields: [{ field: `customer_fields.${n}.key`, message }],
      });
    }
    seen.add(field.key);
    if (field.label.trim() === '') {
      const message = 'Give the question a label the buyer will read.';
      throw new DomainError('invalid_request', message, {
        fields: [{ field: `customer_fields.${n}.label`, message }],
      });
    }
  }
}

const PHONE = /^\+?[0-9][0-9 ()-]{6,18}[0-9]$/;

/**
 * The buyer's answers to a link's questions, checked against them: every required one answered,
 * none too long, a phone that looks like one. Answers to questions the link does not ask are
 * ignored (a form may send more than we asked); blank optional answers are left out.
 * Returns the answers, or every field at fault at once.
 */
export function checkCustomerFieldAnswers(
  fields: readonly CustomerFieldDefinition[],
  submitted: ReadonlyMap<string, string>,
): { ok: true; answers: CustomerFieldAnswer[] } | { ok: false; errors: FieldError[] } {
  const answers: CustomerFieldAnswer[] = [];
  const errors: FieldError[] = [];
  for (const field of fields) {
    // Browsers send a textarea's line breaks as CRLF (HTML's form encoding); kept as \n.
    const value = (submitted.get(field.key) ?? '').replace(/\r\n?/g, '\n').trim();
    if (value === '') {
      if (field.required) {
        errors.push({ field: field.key, message: `Please fill in “${field.label}”.` });
      }
      continue;
    }
    const max = CUSTOMER_FIELD_ANSWER_MAX_LENGTH[field.type];
    if (value.length > max) {
      errors.push({ field: field.key, message: `Enter at most ${max} characters.` });
      continue;
    }
    if (field.type === 'phone' && !PHONE.test(value)) {
      errors.push({
        field: field.key,
        message: 'Enter a phone number, such as 0803 123 4567 or +234 803 123 4567.',
      });
      continue;
    }
    answers.push({ key: field.key, label: field.label, value });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers };
}
