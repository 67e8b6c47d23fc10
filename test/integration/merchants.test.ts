import { spawnSync } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkoutFrameAncestors } from '../../src/features/checkout/embedding.ts';
import { createTestMerchant, provideBusinessDetails, sessionBody } from '../harness/fixtures.ts';
import { operatorToken } from '../harness/operators.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitSandboxPerMin: 100_000 } });
});
afterAll(async () => t.close());

const admin = async () => ({ token: await operatorToken(t) });

describe('merchant onboarding', () => {
  it('self-registers: pending approval, keys and a webhook secret per mode shown once, test key works at once', async () => {
    const res = await t.http.post('/api/v1/merchant/register', {
      business_name: 'Mama Put Ventures',
      email: 'owner@mamaput.test',
      password: 'a long merchant password',
    });
    expect(res.status).toBe(201);
    const { merchant, secret_keys, webhook_secrets, webhook_secret } = res.body.data;
    expect(merchant).toMatchObject({
      business_name: 'Mama Put Ventures',
      status: 'pending_approval',
      approved_at: null,
      min_customer_tier: 'Tranche Bronze',
      goods_release_rule: { type: 'deposit_paid' },
    });
    expect(secret_keys.test).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(secret_keys.live).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    // One signing secret per mode (decision 0015); webhook_secret repeats the test one for
    // clients written before per-mode secrets.
    expect(webhook_secrets.test).toMatch(/^whsec_/);
    expect(webhook_secrets.live).toMatch(/^whsec_/);
    expect(webhook_secrets.live).not.toBe(webhook_secrets.test);
    expect(webhook_secret).toBe(webhook_secrets.test);
    expect(merchant.webhooks).toEqual({
      test: { url: null, status: 'not_configured', disabled_reason: null },
      live: { url: null, status: 'not_configured', disabled_reason: null },
    });

    const rows = await t.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(secret_keys.test.slice(8));
      expect(row.digest).toMatch(/^[0-9a-f]{64}$/);
    }
    const stored = await t.ctx.db
      .selectFrom('webhook_endpoints')
      .select(['livemode', 'secret_sealed'])
      .where('merchant_id', '=', merchant.id)
      .execute();
    expect(stored).toHaveLength(2);
    for (const endpoint of stored) {
      const secret = endpoint.livemode ? webhook_secrets.live : webhook_secrets.test;
      expect(endpoint.secret_sealed).not.toContain(secret);
      expect(t.ctx.secretBox.open(endpoint.secret_sealed)).toBe(secret);
    }

    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
          token: secret_keys.test,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(merchant.id), {
          token: secret_keys.live,
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.http.get(`/api/v1/merchant/${merchant.id}`, { token: secret_keys.test })).body.data
        .id,
    ).toBe(merchant.id);
  });

  it('refuses a duplicate email (409) and bad registrations (400)', async () => {
    const m = await createTestMerchant(t);
    const dup = await t.http.post('/api/v1/merchant/register', {
      business_name: 'X',
      email: m.email.toUpperCase(),
      password: 'a long merchant password',
    });
    expect(dup.status).toBe(409);
    expect(
      (
        await t.http.post('/api/v1/merchant/register', {
          business_name: '',
          email: 'a@b.test',
          password: 'a long merchant password',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.http.post('/api/v1/merchant/register', {
          business_name: 'X',
          email: 'a@b.test',
          password: 'short',
        })
      ).status,
    ).toBe(400);
  });

  it('dashboard login: a token for the merchant routes; wrong password and unknown email alike', async () => {
    const m = await createTestMerchant(t);
    const ok = await t.http.post('/api/v1/merchant/login', {
      email: m.email,
      password: m.password,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.merchant.id).toBe(m.id);
    const wrong = await t.http.post('/api/v1/merchant/login', {
      email: m.email,
      password: 'nope nope nope',
    });
    const unknown = await t.http.post('/api/v1/merchant/login', {
      email: 'nobody@shop.test',
      password: 'nope nope nope',
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body.detail).toBe(unknown.body.detail);

    const refreshed = await t.http.post('/api/v1/merchant/token/refresh', {
      refresh_token: ok.body.data.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(
      (
        await t.http.get(`/api/v1/merchant/${m.id}/keys`, {
          token: refreshed.body.data.access_token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.http.post('/api/v1/merchant/token/refresh', {
          refresh_token: ok.body.data.refresh_token,
        })
      ).status,
    ).toBe(401);
    // A customer refresh endpoint does not accept a merchant refresh token.
    expect(
      (
        await t.http.post('/api/v1/customers/token/refresh', {
          refresh_token: refreshed.body.data.refresh_token,
        })
      ).status,
    ).toBe(401);
  });

  it('password change: the current password is checked, other logins end, the new one signs in', async () => {
    const m = await createTestMerchant(t);
    const login = async (password: string) =>
      t.http.post('/api/v1/merchant/login', { email: m.email, password });
    const first = await login(m.password);
    const other = await login(m.password); // another browser, signed in too
    const token = first.body.data.access_token as string;
    const path = `/api/v1/merchant/${m.id}/password`;
    const wrong = await t.http.post(
      path,
      { current_password: 'not my password', new_password: 'a brand new password' },
      { token },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe('The current password is not correct.');
    const short = await t.http.post(
      path,
      { current_password: m.password, new_password: 'short' },
      { token },
    );
    expect(short.status).toBe(400);
    // A secret key cannot change the dashboard password; nor can another merchant's token.
    expect(
      (
        await t.http.post(
          path,
          { current_password: m.password, new_password: 'a brand new password' },
          { token: m.testKey },
        )
      ).status,
    ).toBe(401);
    const stranger = await createTestMerchant(t);
    const strangerToken = (
      await t.http.post('/api/v1/merchant/login', {
        email: stranger.email,
        password: stranger.password,
      })
    ).body.data.access_token as string;
    expect(
      (
        await t.http.post(
          path,
          { current_password: m.password, new_password: 'a brand new password' },
          { token: strangerToken },
        )
      ).status,
    ).toBe(404);

    const changed = await t.http.post(
      path,
      { current_password: m.password, new_password: 'a brand new password' },
      { token },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.merchant.id).toBe(m.id);
    // The other login's refresh token no longer works; the fresh one does.
    const otherRefresh = await t.http.post('/api/v1/merchant/token/refresh', {
      refresh_token: other.body.data.refresh_token,
    });
    expect(otherRefresh.status).toBe(401);
    const freshRefresh = await t.http.post('/api/v1/merchant/token/refresh', {
      refresh_token: changed.body.data.refresh_token,
    });
    expect(freshRefresh.status).toBe(200);
    expect((await login(m.password)).status).toBe(401);
    expect((await login('a brand new password')).status).toBe(200);
  });

  it('operator approval, deactivation and reactivation through the admin API', async () => {
    const m = await createTestMerchant(t);
    const list = await t.http.get(
      '/api/v1/admin/merchants?status=pending_approval&limit=100',
      await admin(),
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(m.id);

    await provideBusinessDetails(t, m.id);
    const approved = await t.http.post(
      `/api/v1/admin/merchants/${m.id}/approve`,
      {},
      await admin(),
    );
    expect(approved.body.data).toMatchObject({ status: 'active' });
    expect(
      (await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), { token: m.liveKey }))
        .status,
    ).toBe(201);

    const deactivated = await t.http.post(
      `/api/v1/admin/merchants/${m.id}/deactivate`,
      { reason: 'Unpaid chargebacks' },
      await admin(),
    );
    expect(deactivated.body.data).toMatchObject({
      status: 'deactivated',
      deactivation_reason: 'Unpaid chargebacks',
    });
    for (const [method, path] of [
      ['GET', `/api/v1/merchant/${m.id}`],
      ['GET', `/api/v1/merchant/${m.id}/keys`],
      ['POST', '/api/v1/checkout/sessions'],
    ] as const) {
      const res = await t.http.request(method, path, {
        token: m.testKey,
        ...(method === 'POST' && { body: sessionBody(m.id) }),
      });
      expect(res.status, path).toBe(403);
      // The merchant is told why.
      expect(res.body.detail, path).toMatch(
        /deactivated.*Reason given by Tranche: Unpaid chargebacks/,
      );
    }
    const login = await t.http.post('/api/v1/merchant/login', {
      email: m.email,
      password: m.password,
    });
    expect(login.status).toBe(403);
    expect(login.body.detail).toMatch(/Unpaid chargebacks/);
    expect(
      (await t.http.post(`/api/v1/admin/merchants/${m.id}/approve`, {}, await admin())).status,
    ).toBe(409);

    const back = await t.http.post(
      `/api/v1/admin/merchants/${m.id}/reactivate`,
      { reason: 'Chargebacks settled' },
      await admin(),
    );
    expect(back.body.data).toMatchObject({ status: 'active', deactivation_reason: null });
    expect((await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.liveKey })).status).toBe(200);
    expect(
      (await t.http.post('/api/v1/admin/merchants/mer_nope/approve', {}, await admin())).status,
    ).toBe(404);
  });

  it('settings: webhook URL, settlement account, default constraints, minimum tier, release rule', async () => {
    const m = await createTestMerchant(t);
    const res = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      {
        webhook_url: 'https://shop.example/webhooks/tranche',
        settlement_account: { bank_code: '058', account_number: '0123456789' },
        default_constraints: {
          allowed_frequencies: ['weekly'],
          max_weekly_duration: 8,
          max_monthly_duration: 3,
          min_upfront_pct: 30,
          allowed_schedule_types: ['installment'],
        },
        min_customer_tier: 'Tranche Silver',
        goods_release_rule: { type: 'percentage_paid', percentage: 50 },
      },
      { token: m.testKey },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      webhook_url: 'https://shop.example/webhooks/tranche',
      settlement_account: { bank_code: '058', account_number: '0123456789' },
      default_constraints: {
        allowed_frequencies: ['weekly'],
        max_weekly_duration: 8,
        min_upfront_pct: 30,
      },
      min_customer_tier: 'Tranche Silver',
      goods_release_rule: { type: 'percentage_paid', percentage: 50 },
    });
    const cleared = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { webhook_url: null, settlement_account: null },
      { token: m.testKey },
    );
    expect(cleared.body.data).toMatchObject({
      webhook_url: null,
      settlement_account: null,
      min_customer_tier: 'Tranche Silver',
    });
  });

  it.each([
    ['empty body', {}],
    ['webhook_url not a URL', { webhook_url: 'shop.example' }],
    ['webhook_url with another scheme', { webhook_url: 'ftp://shop.example/x' }],
    [
      '9-digit account number',
      { settlement_account: { bank_code: '058', account_number: '012345678' } },
    ],
    [
      'letters in bank code',
      { settlement_account: { bank_code: 'GTB', account_number: '0123456789' } },
    ],
    ['unknown tier', { min_customer_tier: 'Tranche Diamond' }],
    ['percentage rule without percentage', { goods_release_rule: { type: 'percentage_paid' } }],
    [
      'constraints with no frequency',
      {
        default_constraints: {
          allowed_frequencies: [],
          max_weekly_duration: 8,
          max_monthly_duration: 3,
          min_upfront_pct: 30,
          allowed_schedule_types: ['installment'],
        },
      },
    ],
    [
      'min_upfront_pct over 100',
      {
        default_constraints: {
          allowed_frequencies: ['weekly'],
          max_weekly_duration: 8,
          max_monthly_duration: 3,
          min_upfront_pct: 101,
          allowed_schedule_types: ['installment'],
        },
      },
    ],
    [
      'duplicate frequency',
      {
        default_constraints: {
          allowed_frequencies: ['weekly', 'weekly'],
          max_weekly_duration: 8,
          max_monthly_duration: 3,
          min_upfront_pct: 30,
          allowed_schedule_types: ['installment'],
        },
      },
    ],
    ['unknown field', { payout_schedule: 'daily' }],
  ])('settings refuse %s (400)', async (_name, body) => {
    const m = await createTestMerchant(t);
    const res = await t.http.patch(`/api/v1/merchant/${m.id}/settings`, body, { token: m.testKey });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
  });

  it('allowed_checkout_origins: [] at first; set, read back normalised and de-duplicated; cleared with null or []; checkoutFrameAncestors follows', async () => {
    const m = await createTestMerchant(t);
    const settings = `/api/v1/merchant/${m.id}/settings`;
    const read = async () =>
      (await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.testKey })).body.data
        .allowed_checkout_origins as string[];
    expect(await read()).toEqual([]);
    const session = await t.http.post('/api/v1/checkout/sessions', sessionBody(m.id), {
      token: m.testKey,
    });
    expect(session.status).toBe(201);
    const token = session.body.data.token as string;
    expect(await checkoutFrameAncestors(t.ctx, token)).toEqual([]);

    const set = await t.http.patch(
      settings,
      {
        allowed_checkout_origins: [
          'HTTPS://Shop.Example:443',
          'https://shop.example',
          'https://pay.shop.example:8443',
          'http://localhost:5173',
          'http://127.0.0.1',
        ],
      },
      { token: m.testKey },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const normalised = [
      'https://shop.example',
      'https://pay.shop.example:8443',
      'http://localhost:5173',
      'http://127.0.0.1',
    ];
    expect(set.body.data.allowed_checkout_origins).toEqual(normalised);
    expect(await read()).toEqual(normalised);
    expect(await checkoutFrameAncestors(t.ctx, token)).toEqual(normalised);

    // Another setting leaves the list alone.
    await t.http.patch(settings, { min_customer_tier: 'Tranche Silver' }, { token: m.testKey });
    expect(await read()).toEqual(normalised);

    const cleared = await t.http.patch(
      settings,
      { allowed_checkout_origins: null },
      { token: m.testKey },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.allowed_checkout_origins).toEqual([]);
    expect(await checkoutFrameAncestors(t.ctx, token)).toEqual([]);

    await t.http.patch(
      settings,
      { allowed_checkout_origins: ['https://shop.example'] },
      { token: m.testKey },
    );
    expect(await read()).toEqual(['https://shop.example']);
    const emptied = await t.http.patch(
      settings,
      { allowed_checkout_origins: [] },
      { token: m.testKey },
    );
    expect(emptied.body.data.allowed_checkout_origins).toEqual([]);
  });

  it.each([
    ['a path', 'https://shop.example/checkout'],
    ['a wildcard', 'https://*.shop.example'],
    ['http on a public host', 'http://shop.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['user information', 'https://user:pw@shop.example'],
    ['a separator a policy would read', 'https://shop.example;script-src'],
  ])(
    'allowed_checkout_origins refuses %s (400 naming the entry); nothing changes',
    async (_name, bad) => {
      const m = await createTestMerchant(t);
      const settings = `/api/v1/merchant/${m.id}/settings`;
      await t.http.patch(
        settings,
        { allowed_checkout_origins: ['https://shop.example'] },
        { token: m.testKey },
      );
      const res = await t.http.patch(
        settings,
        { allowed_checkout_origins: ['https://ok.example', bad] },
        { token: m.testKey },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'invalid_request' });
      expect(res.body.detail).toContain(`allowed_checkout_origins[1] ${JSON.stringify(bad)}`);
      const after = await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.testKey });
      expect(after.body.data.allowed_checkout_origins).toEqual(['https://shop.example']);
    },
  );

  it('allowed_checkout_origins holds at most 20 origins', async () => {
    const m = await createTestMerchant(t);
    const origins = Array.from({ length: 21 }, (_, i) => `https://s${i}.shop.example`);
    const tooMany = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { allowed_checkout_origins: origins },
      { token: m.testKey },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ ok: false, code: 'invalid_request' });
    expect(tooMany.body.detail).toContain('allowed_checkout_origins');
    const twenty = await t.http.patch(
      `/api/v1/merchant/${m.id}/settings`,
      { allowed_checkout_origins: origins.slice(0, 20) },
      { token: m.testKey },
    );
    expect(twenty.status).toBe(200);
    expect(twenty.body.data.allowed_checkout_origins).toHaveLength(20);
  });

  it('checkoutFrameAncestors: null for an unknown token and for odd input, never an error', async () => {
    for (const token of [
      'cst_doesnotexist',
      '',
      'cst_\u0000abc',
      '\u0000',
      'x'.repeat(100_000),
      "cst_' OR '1'='1",
      'cst_😀',
    ]) {
      expect(await checkoutFrameAncestors(t.ctx, token), JSON.stringify(token.slice(0, 20))).toBe(
        null,
      );
    }
  });

  it('rolls a key: the new key works, the old one stops at once (or after the chosen overlap)', async () => {
    const m = await createTestMerchant(t);
    const rolled = await t.http.post(
      `/api/v1/merchant/${m.id}/keys/roll`,
      { mode: 'test' },
      { token: m.testKey },
    );
    expect(rolled.status).toBe(200);
    const newKey = rolled.body.data.secret_key;
    expect((await t.http.get(`/api/v1/merchant/${m.id}`, { token: m.testKey })).status).toBe(401);
    expect((await t.http.get(`/api/v1/merchant/${m.id}`, { token: newKey })).status).toBe(200);

    const overlap = await t.http.post(
      `/api/v1/merchant/${m.id}/keys/roll`,
      { mode: 'test', expire_old_after_minutes: 60 },
      { token: newKey },
    );
    expect((await t.http.get(`/api/v1/merchant/${m.id}`, { token: newKey })).status).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await t.http.get(`/api/v1/merchant/${m.id}`, { token: newKey })).status).toBe(401);
    expect(
      (await t.http.get(`/api/v1/merchant/${m.id}`, { token: overlap.body.data.secret_key }))
        .status,
    ).toBe(200);

    const keys = await t.http.get(`/api/v1/merchant/${m.id}/keys`, {
      token: overlap.body.data.secret_key,
    });
    expect(keys.body.data).toHaveLength(4);
    expect(JSON.stringify(keys.body)).not.toContain(overlap.body.data.secret_key);
  });

  it('revokes a key by id; unknown or foreign key ids are 404', async () => {
    const m = await createTestMerchant(t);
    const keys = await t.http.get(`/api/v1/merchant/${m.id}/keys`, { token: m.testKey });
    const live = keys.body.data.find((k: { mode: string }) => k.mode === 'live');
    expect(
      (await t.http.delete(`/api/v1/merchant/${m.id}/keys/${live.id}`, { token: m.testKey }))
        .status,
    ).toBe(200);
    const after = await t.http.get(`/api/v1/merchant/${m.id}/keys`, { token: m.testKey });
    expect(after.body.data.find((k: { id: string }) => k.id === live.id).revoked_at).not.toBeNull();
    expect(
      (await t.http.delete(`/api/v1/merchant/${m.id}/keys/key_nope`, { token: m.testKey })).status,
    ).toBe(404);
    const other = await createTestMerchant(t);
    const otherKeys = await t.http.get(`/api/v1/merchant/${other.id}/keys`, {
      token: other.testKey,
    });
    expect(
      (
        await t.http.delete(`/api/v1/merchant/${m.id}/keys/${otherKeys.body.data[0].id}`, {
          token: m.testKey,
        })
      ).status,
    ).toBe(404);
  });

  it('rolls the webhook secret of the key’s mode, keeping the previous one for a 24-hour overlap', async () => {
    const m = await createTestMerchant(t);
    const res = await t.http.post(`/api/v1/merchant/${m.id}/webhook-secret/roll`, undefined, {
      token: m.testKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.webhook_secret).toMatch(/^whsec_/);
    expect(res.body.data.livemode).toBe(false);
    expect(
      new Date(res.body.data.previous_secret_expires_at).getTime() - t.clock.now().getTime(),
    ).toBe(24 * 60 * 60_000);
    const endpoint = (livemode: boolean) =>
      t.ctx.db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('merchant_id', '=', m.id)
        .where('livemode', '=', livemode)
        .executeTakeFirstOrThrow();
    const test = await endpoint(false);
    expect(t.ctx.secretBox.open(test.secret_sealed)).toBe(res.body.data.webhook_secret);
    expect(t.ctx.secretBox.open(test.previous_secret_sealed ?? '')).toBe(m.webhookSecret);
    // The live secret is another mode's: untouched.
    const live = await endpoint(true);
    expect(t.ctx.secretBox.open(live.secret_sealed)).toBe(m.webhookSecrets.live);
    expect(live.previous_secret_sealed).toBeNull();
  });
});

describe('tranche CLI', () => {
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ['bin/tranche.mjs', ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        TRANCHE_DATA_DIR: '/tmp/tranche-cli-test',
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    });

  it('operators add prints the TOTP secret once; list shows the account; disable ends it', async () => {
    expect(cli(['operators', 'add', '--email', 'ops@tranche.test']).status).toBe(1);
    const added = cli(['operators', 'add', '--email', 'ops@tranche.test', '--name', 'Ada Obi']);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Password\s+\S{24}/);
    expect(added.stdout).toMatch(/TOTP secret\s+[A-Z2-7]{32}/);
    expect(added.stdout).toContain('otpauth://totp/Tranche:ops%40tranche.test?secret=');
    expect(added.stdout).toContain('shown once');
    const again = cli(['operators', 'add', '--email', 'OPS@tranche.test', '--name', 'Ada']);
    expect(again.stderr).toMatch(/already exists/);
    const row = await t.ctx.db
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', 'ops@tranche.test')
      .executeTakeFirstOrThrow();
    // The key is sealed, never stored as printed.
    expect(added.stdout).not.toContain(row.totp_secret_sealed);
    expect(row.totp_secret_sealed).toMatch(/^v1\./);
    const list = JSON.parse(cli(['operators', 'list', '--json']).stdout) as {
      email: string;
      disabled_at: string | null;
    }[];
    expect(list).toContainEqual(
      expect.objectContaining({ email: 'ops@tranche.test', name: 'Ada Obi', disabled_at: null }),
    );
    expect(cli(['operators', 'disable', 'ops@tranche.test']).status).toBe(0);
    const disabled = JSON.parse(cli(['operators', 'list', '--json']).stdout) as typeof list;
    expect(disabled.find((o) => o.email === 'ops@tranche.test')?.disabled_at).toEqual(
      expect.any(String),
    );
  });

  it('merchants create --json prints the id, both keys and the webhook secret; approve and deactivate work', async () => {
    const created = cli([
      'merchants',
      'create',
      '--name',
      'CLI Shop',
      '--email',
      'cli@shop.test',
      '--json',
    ]);
    expect(created.status, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out.merchant_id).toMatch(/^mer_/);
    expect(out.status).toBe('pending_approval');
    expect(out.secret_keys.test).toMatch(/^sk_test_/);
    expect(out.secret_keys.live).toMatch(/^sk_live_/);
    expect(out.webhook_secret).toMatch(/^whsec_/);
    // No --password: no dashboard password yet, and where to set one by e-mail (decision 0058).
    expect(out.set_password_url).toMatch(/^https?:\/\/\S+\/merchant\/forgot-password$/);
    const text = cli(['merchants', 'create', '--name', 'CLI Shop 2', '--email', 'cli2@shop.test']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('Dashboard password: none yet. Open ');
    expect(text.stdout).toContain('/merchant/forgot-password and give cli2@shop.test');
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(out.merchant_id), {
          token: out.secret_keys.test,
        })
      ).status,
    ).toBe(201);

    // Not without its business details (decision 0074): the CLI says what is missing.
    const early = cli(['merchants', 'approve', out.merchant_id]);
    expect(early.status).not.toBe(0);
    expect(early.stderr).toContain('has not submitted its business details');
    await provideBusinessDetails(t, out.merchant_id);
    const approved = cli(['merchants', 'approve', out.merchant_id, '--json']);
    expect(JSON.parse(approved.stdout).status).toBe('active');
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(out.merchant_id), {
          token: out.secret_keys.live,
        })
      ).status,
    ).toBe(201);

    // Deactivation must say why; the CLI's actions are audited as cli:<operator>.
    expect(cli(['merchants', 'deactivate', out.merchant_id]).status).not.toBe(0);
    const deactivated = cli([
      'merchants',
      'deactivate',
      out.merchant_id,
      '--reason',
      'KYC documents expired',
      '--operator',
      'Ada',
    ]);
    expect(deactivated.status, deactivated.stderr).toBe(0);
    expect(deactivated.stdout).toContain('deactivated');
    const audit = await t.http.get(
      `/api/v1/admin/audit-log?target_id=${out.merchant_id}`,
      await admin(),
    );
    expect(
      audit.body.data.map((a: { operator: string; action: string; reason: string | null }) => [
        a.action,
        a.operator,
        a.reason,
      ]),
    ).toEqual([
      ['merchant.deactivate', 'cli:Ada', 'KYC documents expired'],
      ['merchant.approve', expect.stringMatching(/^cli:/), null],
    ]);
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(out.merchant_id), {
          token: out.secret_keys.test,
        })
      ).status,
    ).toBe(403);
  });

  it('merchants create --approve gives a merchant whose live key works at once', async () => {
    const created = cli([
      'merchants',
      'create',
      '--name',
      'Approved Shop',
      '--email',
      'approved@shop.test',
      '--approve',
      '--json',
    ]);
    const out = JSON.parse(created.stdout);
    expect(out.status).toBe('active');
    expect(
      (
        await t.http.post('/api/v1/checkout/sessions', sessionBody(out.merchant_id), {
          token: out.secret_keys.live,
        })
      ).status,
    ).toBe(201);
  });

  it('fails clearly on missing arguments and unknown commands', () => {
    const missing = cli(['merchants', 'create', '--name', 'No Email']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/--email/);
    expect(cli(['frobnicate']).status).toBe(2);
  });
});
