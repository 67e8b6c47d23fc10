import type { HttpClient } from './http-client.ts';
import { payOnCardPage, TEST_CARDS } from './sandbox.ts';

/** Polls `check` until it holds; on timeout the error carries `describe()` (say, process output). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  describe: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Through the public API only, as a customer would: register, verify identity with a sandbox
 * test BVN, and link a card on the sandbox gateway's hosted page.
 */
export async function signUpCustomerWithCard(
  api: HttpClient,
  customer: { email: string; firstName: string; lastName: string; bvn: string },
): Promise<{ token: string; customerId: string; methodId: string }> {
  const registered = await api.post('/api/v1/customers/register', {
    email: customer.email,
    password: 'a long customer password',
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: '08031234567',
  });
  if (registered.status !== 201) {
    throw new Error(`customer registration failed: ${JSON.stringify(registered.body)}`);
  }
  const token = registered.body.data.access_token as string;
  const customerId = registered.body.data.customer.id as string;
  const identity = await api.post(
    '/api/v1/customers/me/identity',
    {
      bvn: customer.bvn,
      date_of_birth: '1990-01-15',
      consent: { text_version: 'identity-2026-11-27-sandbox', agreed: true },
    },
    { token },
  );
  if (identity.status !== 200) {
    throw new Error(`identity verification failed: ${JSON.stringify(identity.body)}`);
  }
  const init = await api.post(
    '/api/v1/payment-methods/initialize-card',
    { customer_id: customerId, callback_url: 'https://shop.example/back', is_default: true },
    { token },
  );
  await payOnCardPage(init.body.authorization_url, TEST_CARDS.success);
  const card = await api.post(
    '/api/v1/payment-methods/verify-card',
    { customer_id: customerId, reference: init.body.reference },
    { token },
  );
  if (card.status !== 200) throw new Error(`verify-card failed: ${JSON.stringify(card.body)}`);
  return { token, customerId, methodId: card.body.data.id as string };
}
