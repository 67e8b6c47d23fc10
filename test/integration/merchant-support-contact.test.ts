import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestMerchant,
  newIdempotencyKey,
  sessionBody,
  type TestMerchant,
} from '../harness/fixtures.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * The merchant's support contact (issue 27): set in the settings, shown by the checkout (the
 * session's GET answer carries it as `merchant_support`), so a refused customer can reach the shop.
 */
let t: TestApp;
let merchant: TestMerchant;
beforeAll(async () => {
  t = await startTestApp();
  merchant = await createTestMerchant(t);
});
afterAll(async () => t.close());

const settings = (body: unknown) =>
  t.http.patch(`/api/v1/merchant/${merchant.id}/settings`, body, { token: merchant.testKey });

async function sessionRead() {
  const created = await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
    token: merchant.testKey,
    headers: { 'idempotency-key': newIdempotencyKey() },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.data).not.toHaveProperty('merchant_support');
  return (await t.http.get(`/api/v1/checkout/sessions/${created.body.data.token}`)).body.data;
}

describe('support_contact', () => {
  it('is null everywhere until set; then the checkout reads it with the session', async () => {
    expect((await sessionRead()).merchant_support).toBeNull();
    const saved = await settings({
      support_contact: {
        email: ' help@ade.example ',
        phone: '0803 123 4567',
        website: 'https://ade.example',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = {
      email: 'help@ade.example',
      phone: '08031234567',
      website: 'https://ade.example/',
    };
    expect(saved.body.data.support_contact).toEqual(stored);
    expect((await sessionRead()).merchant_support).toEqual(stored);

    // The object replaces the whole contact; "" or null clears a part, null clears all.
    const partly = await settings({ support_contact: { email: 'help@ade.example', phone: '' } });
    expect(partly.body.data.support_contact).toEqual({
      email: 'help@ade.example',
      phone: null,
      website: null,
    });
    const cleared = await settings({ support_contact: null });
    expect(cleared.body.data.support_contact).toEqual({ email: null, phone: null, website: null });
    expect((await sessionRead()).merchant_support).toBeNull();
  });

  it.each([
    [{ email: 'not an address' }, /support_contact\.email/],
    [{ phone: '12345' }, /support_contact\.phone/],
    [{ website: 'javascript:alert(1)' }, /support_contact\.website/],
    [{ website: 'https://user:pw@ade.example' }, /support_contact\.website/],
    [{ fax: '0803' }, /fax|additional/i],
  ])('refuses %j with a 400 naming the part', async (contact, detail) => {
    const res = await settings({ support_contact: contact });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });
});
