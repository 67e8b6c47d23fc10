import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ROUTE_PERMISSIONS } from '../../src/domain/team.ts';
import { sendTeamInvitation } from '../../src/features/team/invitations.ts';
import {
  closeNotificationChannels,
  openNotificationChannels,
} from '../../src/notifications/channels.ts';
import { logSmsProvider } from '../../src/notifications/log-sms.ts';
import type { NotificationChannels } from '../../src/notifications/port.ts';
import { randomBase62 } from '../../src/platform/ids.ts';
import { createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../harness/smtp.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

/**
 * Team members and roles (issue 28 Build 1, decision 0064): invitations by e-mail, the role of
 * each dashboard request judged in one place (403 naming what the role cannot do), secret keys
 * untouched, the last owner kept, and the audit log saying which member did what.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let channels: NotificationChannels;
let merchant: TestMerchant;
let ownerToken: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp();
  channels = openNotificationChannels({
    db: t.ctx.db,
    smtpUrl: smtp.url,
    emailFrom: 'Tranche <notifications@tranche.test>',
    log: pino({ level: 'silent' }),
    sms: logSmsProvider(pino({ level: 'silent' })),
  });
  merchant = await createTestMerchant(t, { approve: true });
  ownerToken = (await login(merchant.email, merchant.password)).body.data.access_token;
});

afterAll(async () => {
  await closeNotificationChannels(channels);
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string) =>
  t.http.post('/api/v1/merchant/login', { email, password });
const base = () => `/api/v1/merchant/${merchant.id}`;

/** Invites, sends the e-mail as the worker would, accepts the link: the member's access token. */
async function addMember(role: string, inviterToken = ownerToken) {
  const email = `${role}-${randomBase62(6).toLowerCase()}@shop.test`;
  const invited = await t.http.post(
    `${base()}/team/invitations`,
    { email, name: `Ada ${role}`, role },
    { token: inviterToken },
  );
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const member = invited.body.data as { id: string; status: string };
  expect(member.status).toBe('invited');
  const deps = {
    db: t.ctx.db,
    clock: t.clock,
    email: channels.email,
    publicBaseUrl: t.ctx.settings.publicBaseUrl,
  };
  expect(await sendTeamInvitation(deps, member.id)).toBe('sent');
  const mail = smtp.received.filter((m) => m.recipients.includes(email)).at(-1)?.parsed;
  expect(mail?.subject).toBe('You are invited to the Ade Stores team on Tranche');
  expect(mail?.text).toContain(
    'Ade Stores invited you to the Tranche merchant dashboard of Ade Stores, as ' + role,
  );
  const token = /\/merchant\/accept-invitation#token=([A-Za-z0-9_]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no invitation link');
  // Before accepting, the invitee cannot sign in.
  expect((await login(email, 'chosen password 1')).status).toBe(401);
  const accepted = await t.http.post('/api/v1/merchant/team/accept', {
    token,
    password: 'chosen password 1',
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.data.merchant.id).toBe(merchant.id);
  // The link works once.
  const again = await t.http.post('/api/v1/merchant/team/accept', {
    token,
    password: 'chosen password 2',
  });
  expect(again.status).toBe(400);
  const signedIn = await login(email, 'chosen password 1');
  expect(signedIn.status).toBe(200);
  return { id: member.id, email, token: signedIn.body.data.access_token as string };
}

describe('team members and roles', () => {
  it('the account’s existing sign-in is its owner, the account holder', async () => {
    const me = await t.http.get(`${base()}/team/me`, { token: ownerToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      role: 'owner',
      account_holder: true,
      email: merchant.email,
      status: 'active',
    });
    expect(me.body.data.permissions).toContain('manage_team');
  });

  it('a support member cannot pay out: 403 naming what the role cannot do; a secret key still can try', async () => {
    const support = await addMember('support');
    const refused = await t.http.post(
      `${base()}/payouts`,
      { amount: 100_00 },
      { token: support.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      ok: false,
      code: 'forbidden',
      detail:
        'A support member cannot pay out from the wallet: ask a team member whose role is one of owner, admin, finance.',
    });
    // It reads, as every role does.
    expect((await t.http.get(`${base()}/wallet`, { token: support.token })).status).toBe(200);
    // The secret key is the merchant: no role applies (this payout is refused for the empty
    // wallet, not for a role).
    const byKey = await t.http.post(
      `${base()}/payouts`,
      { amount: 100_00 },
      { token: merchant.liveKey, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(byKey.status).not.toBe(403);
  });

  it('support refunds only up to the owner’s limit, which only an owner sets', async () => {
    const support = await addMember('support');
    const refund = (amount: number) =>
      t.http.post(
        `${base()}/plans/plan_doesnotexist/refunds`,
        { amount },
        { token: support.token, headers: { 'idempotency-key': randomUUID() } },
      );
    expect((await refund(1_000_00)).body.detail).toContain('until an owner sets');
    const admin = await addMember('admin');
    const byAdmin = await t.http.patch(
      `${base()}/team/refund-limit`,
      { support_refund_limit_kobo: 5_000_00 },
      { token: admin.token },
    );
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.detail).toBe(
      'An admin member cannot set the support refund limit: only an owner can.',
    );
    const set = await t.http.patch(
      `${base()}/team/refund-limit`,
      { support_refund_limit_kobo: 5_000_00 },
      { token: ownerToken },
    );
    expect(set.status).toBe(200);
    expect(set.body.data.support_refund_limit_kobo).toBe(5_000_00);
    expect((await refund(5_000_01)).status).toBe(403);
    // Within the limit the role lets it through; the plan itself is unknown here.
    expect((await refund(5_000_00)).status).toBe(404);
  });

  it('a developer rolls keys but cannot change the settlement account or the team', async () => {
    const developer = await addMember('developer');
    const settlement = await t.http.patch(
      `${base()}/settings?livemode=false`,
      { settlement_account: { bank_code: '058', account_number: '0123456789' }, password: 'x' },
      { token: developer.token },
    );
    expect(settlement.status).toBe(403);
    expect(settlement.body.detail).toContain('cannot change the settlement account');
    const webhook = await t.http.patch(
      `${base()}/settings?livemode=false`,
      { webhook_url: null },
      { token: developer.token },
    );
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(200);
    const invite = await t.http.post(
      `${base()}/team/invitations`,
      { email: 'x@shop.test', name: 'X', role: 'viewer' },
      { token: developer.token },
    );
    expect(invite.status).toBe(403);
    expect(invite.body.detail).toContain('A developer member cannot invite, change or remove');
  });

  it('protects the account holder and the last owner; a removed member is signed out at once', async () => {
    const team = (await t.http.get(`${base()}/team`, { token: ownerToken })).body.data;
    const holder = team.members.find((m: { account_holder: boolean }) => m.account_holder);
    const removeHolder = await t.http.delete(`${base()}/team/members/${holder.id}`, {
      token: ownerToken,
    });
    expect(removeHolder.status).toBe(403);
    const demote = await t.http.patch(
      `${base()}/team/members/${holder.id}`,
      { role: 'admin' },
      { token: ownerToken },
    );
    expect(demote.status).toBe(403);
    expect(demote.body.detail).toContain('always an owner');

    const viewer = await addMember('viewer');
    expect((await t.http.get(`${base()}/wallet`, { token: viewer.token })).status).toBe(200);
    const promoted = await t.http.patch(
      `${base()}/team/members/${viewer.id}`,
      { role: 'finance' },
      { token: ownerToken },
    );
    expect(promoted.body.data.role).toBe('finance');
    const me = await t.http.get(`${base()}/team/me`, { token: viewer.token });
    expect(me.body.data.role).toBe('finance');
    const removed = await t.http.delete(`${base()}/team/members/${viewer.id}`, {
      token: ownerToken,
    });
    expect(removed.status).toBe(200);
    expect((await t.http.get(`${base()}/wallet`, { token: viewer.token })).status).toBe(401);
    expect((await login(viewer.email, 'chosen password 1')).status).toBe(401);
  });

  it('a member changes its own password, not the account holder’s; its other logins end', async () => {
    const finance = await addMember('finance');
    const other = (await login(finance.email, 'chosen password 1')).body.data
      .access_token as string;
    const wrong = await t.http.post(
      `${base()}/password`,
      { current_password: merchant.password, new_password: 'finance password 2' },
      { token: finance.token },
    );
    expect(wrong.status).toBe(403);
    const changed = await t.http.post(
      `${base()}/password`,
      { current_password: 'chosen password 1', new_password: 'finance password 2' },
      { token: finance.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await login(finance.email, 'finance password 2')).status).toBe(200);
    expect((await login(finance.email, 'chosen password 1')).status).toBe(401);
    // The account holder's password is untouched, and its session goes on.
    expect((await login(merchant.email, merchant.password)).status).toBe(200);
    expect((await t.http.get(`${base()}/team/me`, { token: ownerToken })).status).toBe(200);
    // The member's other login ended; the fresh one works.
    expect((await t.http.get(`${base()}/team/me`, { token: other })).status).toBe(401);
    const fresh = changed.body.data.access_token as string;
    expect((await t.http.get(`${base()}/team/me`, { token: fresh })).body.data.role).toBe(
      'finance',
    );
  });

  it('an address on another team cannot be invited; an admin cannot invite an owner', async () => {
    const other = await createTestMerchant(t);
    const taken = await t.http.post(
      `${base()}/team/invitations`,
      { email: other.email, name: 'Other', role: 'viewer' },
      { token: ownerToken },
    );
    expect(taken.status).toBe(409);
    const admin = await addMember('admin');
    const owner = await t.http.post(
      `${base()}/team/invitations`,
      { email: `o-${randomBase62(6).toLowerCase()}@shop.test`, name: 'O', role: 'owner' },
      { token: admin.token },
    );
    expect(owner.status).toBe(403);
  });

  it('the audit log shows which member did what, and only owners and admins read it', async () => {
    const developer = await addMember('developer');
    const rolled = await t.http.post(
      `${base()}/keys/roll`,
      { mode: 'test' },
      { token: developer.token, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    // The row is written as the answer goes out: wait for it rather than assume it is there.
    const readLog = () => t.http.get(`${base()}/audit-log?limit=50`, { token: ownerToken });
    await expect
      .poll(async () =>
        (await readLog()).body.data.some(
          (e: { member_id: string }) => e.member_id === developer.id,
        ),
      )
      .toBe(true);
    const log = await readLog();
    expect(log.status).toBe(200);
    const entry = log.body.data.find(
      (e: { member_id: string; action: string }) =>
        e.member_id === developer.id && e.action === 'manage_keys',
    );
    expect(entry).toMatchObject({
      object: 'member_action',
      member_name: 'Ada developer',
      member_role: 'developer',
      method: 'POST',
      path: `${base()}/keys/roll`,
      status: 200,
      description: 'create, roll or revoke API keys',
    });
    const invites = log.body.data.filter(
      (e: { action: string; member_role: string }) =>
        e.action === 'manage_team' && e.member_role === 'owner',
    );
    expect(invites.length).toBeGreaterThan(0);
    const byDeveloper = await t.http.get(`${base()}/audit-log`, { token: developer.token });
    expect(byDeveloper.status).toBe(403);
  });
});

describe('who reaches the team routes', () => {
  it('another merchant’s dashboard token reaches no team route (404), a secret key none (401)', async () => {
    const other = await createTestMerchant(t);
    const otherToken = (await login(other.email, other.password)).body.data.access_token as string;
    const member = (await t.http.get(`${base()}/team`, { token: ownerToken })).body.data.members[0]
      .id as string;
    const calls = [
      (token: string) => t.http.get(`${base()}/team`, { token }),
      (token: string) => t.http.get(`${base()}/team/me`, { token }),
      (token: string) =>
        t.http.post(
          `${base()}/team/invitations`,
          { email: 'a@b.test', name: 'A', role: 'viewer' },
          { token },
        ),
      (token: string) =>
        t.http.patch(`${base()}/team/members/${member}`, { role: 'owner' }, { token }),
      (token: string) => t.http.delete(`${base()}/team/members/${member}`, { token }),
      (token: string) =>
        t.http.patch(`${base()}/team/refund-limit`, { support_refund_limit_kobo: 1 }, { token }),
      (token: string) => t.http.get(`${base()}/audit-log`, { token }),
    ];
    for (const call of calls) {
      const byOther = await call(otherToken);
      expect(byOther.status, JSON.stringify(byOther.body)).toBe(404);
      const byKey = await call(merchant.testKey);
      expect(byKey.status, JSON.stringify(byKey.body)).toBe(401);
      expect((await call(other.testKey)).status).toBe(401);
    }
  });
});

describe('the permission table', () => {
  it('names every operation the dashboard token may change (none falls to the owner-only default)', () => {
    const document = JSON.parse(
      readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
    ) as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
    const changing = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([method, op]) => method !== 'get' && (op.security ?? []).some((s) => 'merchantJwt' in s),
        )
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(changing.length).toBeGreaterThan(15);
    expect(changing.filter((key) => !(key in ROUTE_PERMISSIONS))).toEqual([]);
  });
});
