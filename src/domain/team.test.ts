import { describe, expect, it } from 'vitest';

import {
  checkTeamChange,
  judgeDashboardRequest,
  permissionsFor,
  ROLE_PERMISSIONS,
  roleMay,
  ROLES,
} from './team.ts';

const payout = {
  method: 'POST',
  route: '/api/v1/merchant/:merchant_id/payouts',
  body: { amount: 100_00 },
};
const refund = (amount?: number) => ({
  method: 'POST',
  route: '/api/v1/merchant/:merchant_id/plans/:plan_id/refunds',
  body: amount === undefined ? {} : { amount },
});

describe('the role table', () => {
  it('lets every role read and only owners, admins and finance pay out', () => {
    for (const role of ROLES) expect(roleMay(role, 'read')).toBe(true);
    expect(ROLES.filter((r) => roleMay(r, 'pay_out'))).toEqual(['owner', 'admin', 'finance']);
    expect(ROLES.filter((r) => roleMay(r, 'manage_keys'))).toEqual(['owner', 'admin', 'developer']);
    expect(ROLES.filter((r) => roleMay(r, 'change_settlement_account'))).toEqual(['owner']);
    expect(ROLES.filter((r) => roleMay(r, 'manage_team'))).toEqual(['owner', 'admin']);
  });

  it('gives a viewer nothing but reading and their own password', () => {
    const viewers = Object.entries(ROLE_PERMISSIONS)
      .filter(([, roles]) => roles.includes('viewer'))
      .map(([permission]) => permission);
    expect(viewers.sort()).toEqual(['own_account', 'read']);
  });
});

describe('judging a dashboard request', () => {
  it('judges a settings field named after an Object.prototype member like any unknown field (found by the API fuzzer: it was a 500)', () => {
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const request = {
        method: 'PATCH',
        route: '/api/v1/merchant/:merchant_id/settings',
        body: JSON.parse(`{"${field}": 1}`) as unknown,
      };
      expect(judgeDashboardRequest('admin', request, null), field).toEqual({
        allowed: true,
        permissions: ['change_settings'],
      });
      expect(judgeDashboardRequest('viewer', request, null).allowed, field).toBe(false);
    }
  });
  it('refuses a support member a payout and says what the role cannot do', () => {
    const verdict = judgeDashboardRequest('support', payout, 50_000_00);
    expect(verdict).toEqual({
      allowed: false,
      permission: 'pay_out',
      detail:
        'A support member cannot pay out from the wallet: ask a team member whose role is one of owner, admin, finance.',
    });
    expect(judgeDashboardRequest('finance', payout, null)).toEqual({
      allowed: true,
      permissions: ['pay_out'],
    });
  });

  it('lets everyone GET, and refuses a changing route missing from the table to all but owners', () => {
    const get = { method: 'GET', route: '/api/v1/merchant/:merchant_id/wallet', body: undefined };
    expect(judgeDashboardRequest('viewer', get, null).allowed).toBe(true);
    const unknown = { method: 'POST', route: '/api/v1/merchant/:merchant_id/new-thing', body: {} };
    expect(judgeDashboardRequest('admin', unknown, null)).toMatchObject({
      allowed: false,
      detail:
        'An admin member cannot POST /api/v1/merchant/:merchant_id/new-thing: only an owner can.',
    });
    expect(judgeDashboardRequest('owner', unknown, null).allowed).toBe(true);
  });

  it('keeps the audit log to owners and admins', () => {
    const read = {
      method: 'GET',
      route: '/api/v1/merchant/:merchant_id/audit-log',
      body: undefined,
    };
    expect(judgeDashboardRequest('viewer', read, null).allowed).toBe(false);
    expect(judgeDashboardRequest('admin', read, null).allowed).toBe(true);
  });

  it('keeps the business details for approval to owners and admins; everyone reads them (decision 0074)', () => {
    const route = '/api/v1/merchant/:merchant_id/business-details';
    const submit = { method: 'PUT', route, body: { registered_name: 'x' } };
    for (const role of ['owner', 'admin'] as const) {
      expect(judgeDashboardRequest(role, submit, null).allowed, role).toBe(true);
    }
    for (const role of ['developer', 'support', 'finance', 'viewer'] as const) {
      expect(judgeDashboardRequest(role, submit, null), role).toMatchObject({
        allowed: false,
        permission: 'submit_business_details',
        detail: expect.stringContaining('submit the business details for live approval'),
      });
      expect(
        judgeDashboardRequest(role, { method: 'GET', route, body: undefined }, null).allowed,
      ).toBe(true);
    }
  });

  it('holds support refunds to the owner’s limit, with a stated amount', () => {
    expect(judgeDashboardRequest('support', refund(5_000_00), null)).toMatchObject({
      allowed: false,
      detail: expect.stringContaining('until an owner sets the support refund limit'),
    });
    expect(judgeDashboardRequest('support', refund(5_000_00), 5_000_00).allowed).toBe(true);
    expect(judgeDashboardRequest('support', refund(5_000_01), 5_000_00)).toMatchObject({
      allowed: false,
      detail: expect.stringContaining('cannot refund more than 500000 kobo at once'),
    });
    expect(judgeDashboardRequest('support', refund(), 5_000_00)).toMatchObject({
      allowed: false,
      detail: expect.stringContaining('state the amount'),
    });
    // The limit is support's: an admin refunds whatever the plan holds.
    expect(judgeDashboardRequest('admin', refund(), null).allowed).toBe(true);
  });

  it('judges each settings field by what it changes', () => {
    const settings = (body: object) => ({
      method: 'PATCH',
      route: '/api/v1/merchant/:merchant_id/settings',
      body,
    });
    expect(permissionsFor(settings({ webhook_url: null }))).toEqual(['manage_webhooks']);
    expect(judgeDashboardRequest('developer', settings({ webhook_url: null }), null).allowed).toBe(
      true,
    );
    expect(
      judgeDashboardRequest(
        'developer',
        settings({ webhook_url: null, min_customer_tier: 'a' }),
        null,
      ),
    ).toMatchObject({ allowed: false, permission: 'change_settings' });
    expect(
      judgeDashboardRequest('admin', settings({ settlement_account: null, password: 'x' }), null),
    ).toMatchObject({
      allowed: false,
      detail:
        'An admin member cannot change the settlement account: ask a team member whose role is one of owner.',
    });
    expect(
      judgeDashboardRequest('owner', settings({ settlement_account: null, password: 'x' }), null)
        .allowed,
    ).toBe(true);
  });
});

describe('team changes', () => {
  it('lets only owners touch owners, and protects the last owner and the account holder', () => {
    expect(checkTeamChange('admin', { kind: 'invite', role: 'support' })).toBeNull();
    expect(checkTeamChange('admin', { kind: 'invite', role: 'owner' })).toMatch(/only an owner/);
    expect(checkTeamChange('finance', { kind: 'invite', role: 'viewer' })).toMatch(
      /A finance member cannot invite/,
    );
    const demote = { kind: 'change_role' as const, from: 'owner' as const, to: 'admin' as const };
    expect(checkTeamChange('owner', { ...demote, accountHolder: false, owners: 1 })).toMatch(
      /last owner/,
    );
    expect(checkTeamChange('owner', { ...demote, accountHolder: false, owners: 2 })).toBeNull();
    expect(checkTeamChange('owner', { ...demote, accountHolder: true, owners: 2 })).toMatch(
      /account holder/,
    );
    const remove = { kind: 'remove' as const, role: 'owner' as const, self: false };
    expect(checkTeamChange('owner', { ...remove, accountHolder: true, owners: 3 })).toMatch(
      /cannot be removed/,
    );
    expect(checkTeamChange('owner', { ...remove, accountHolder: false, owners: 1 })).toMatch(
      /last owner/,
    );
    expect(checkTeamChange('owner', { ...remove, accountHolder: false, owners: 2 })).toBeNull();
    expect(
      checkTeamChange('owner', { ...remove, accountHolder: false, owners: 2, self: true }),
    ).toMatch(/yourself/);
  });
});
