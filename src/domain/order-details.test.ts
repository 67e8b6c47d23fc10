import { describe, expect, it } from 'vitest';

import {
  assertCustomerFieldDefinitions,
  assertLineItemsMatchAmount,
  checkCustomerFieldAnswers,
  type CustomerFieldDefinition,
} from './order-details.ts';

const SIZE: CustomerFieldDefinition = {
  key: 'size',
  label: 'Shoe size',
  type: 'text',
  required: false,
};
const FIELDS: CustomerFieldDefinition[] = [
  { key: 'delivery_address', label: 'Delivery address', type: 'address', required: true },
  { key: 'delivery_phone', label: 'Phone', type: 'phone', required: true },
  SIZE,
];

describe('line items', () => {
  it('must add up to the amount, else the field is named', () => {
    const items = [
      { name: 'Phone', quantity: 1, unit_amount: 2_300_000 },
      { name: 'Case', quantity: 2, unit_amount: 100_000 },
    ];
    expect(() => assertLineItemsMatchAmount(items, 2_500_000)).not.toThrow();
    expect(() => assertLineItemsMatchAmount(undefined, 1)).not.toThrow();
    expect(() => assertLineItemsMatchAmount(items, 2_500_001)).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        fields: [expect.objectContaining({ field: 'line_items' })],
      }),
    );
  });
});

describe("a payment link's questions", () => {
  it('refuses a key used twice, naming the second', () => {
    expect(() => assertCustomerFieldDefinitions([SIZE, SIZE])).toThrow(
      expect.objectContaining({
        fields: [expect.objectContaining({ field: 'customer_fields.1.key' })],
      }),
    );
    expect(() => assertCustomerFieldDefinitions(FIELDS)).not.toThrow();
  });

  it('takes complete answers, trims them, keeps line breaks as \\n and leaves out blank optional ones', () => {
    const checked = checkCustomerFieldAnswers(
      FIELDS,
      new Map([
        ['delivery_address', ' 12 Allen Avenue\r\nIkeja '],
        ['delivery_phone', '+234 803 123 4567'],
        ['size', '  '],
        ['unasked', 'ignored'],
      ]),
    );
    expect(checked).toEqual({
      ok: true,
      answers: [
        { key: 'delivery_address', label: 'Delivery address', value: '12 Allen Avenue\nIkeja' },
        { key: 'delivery_phone', label: 'Phone', value: '+234 803 123 4567' },
      ],
    });
  });

  it('names every missing, malformed or over-long answer at once', () => {
    const checked = checkCustomerFieldAnswers(
      FIELDS,
      new Map([
        ['delivery_phone', 'call me'],
        ['size', 'x'.repeat(301)],
      ]),
    );
    expect(checked).toEqual({
      ok: false,
      errors: [
        { field: 'delivery_address', message: 'Please fill in “Delivery address”.' },
        { field: 'delivery_phone', message: expect.stringContaining('Enter a phone number') },
        { field: 'size', message: 'Enter at most 300 characters.' },
      ],
    });
  });
});
