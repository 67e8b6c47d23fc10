/**
 * Team members and roles (decision 0064): the one table of what each role may do from the
 * merchant dashboard, and the one function that judges a dashboard request against it. Pure: the
 * HTTP layer passes the route's method, its path pattern and the request body's fields.
 *
 * Secret-key calls never come here: the key is the merchant, with every right.
 */

export const ROLES = ['owner', 'admin', 'developer', 'support', 'finance', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, including the team, the settlement account and the refund limit of support.',
  admin: 'Everything but the owners and the settlement account.',
  developer: 'API keys, webhooks and test-mode tools; reads everything else.',
  support: 'Payment plans and payment links, refunds up to the limit the owner sets, disputes.',
  finance: 'The wallet, payouts, reports and disputes; reads everything else.',
  viewer: 'Reads everything; changes nothing.',
};

/** What a dashboard request does, as the audit log names it and a refusal explains it. */
export type Permission =
  | 'read'
  | 'manage_keys'
  | 'manage_webhooks'
  | 'use_test_tools'
  | 'manage_payment_links'
  | 'cancel_plans'
  | 'refund'
  | 'answer_disputes'
  | 'decide_hardship'
  | 'pay_out'
  | 'change_settlement_account'
  | 'change_settings'
  | 'manage_team'
  | 'read_audit_log'
  | 'submit_business_details'
  | 'own_account';

/** In words, after "A <role> member cannot …". */
export const PERMISSION_WORDS: Record<Permission, string> = {
  read: 'read the account',
  manage_keys: 'create, roll or revoke API keys',
  manage_webhooks: 'change webhooks (address, secret, resends, test events)',
  use_test_tools: 'use the test-mode tools (advance, simulate)',
  manage_payment_links: 'create or change payment links',
  cancel_plans: 'cancel payment plans',
  refund: 'refund payment plans',
  answer_disputes: 'answer disputes (evidence, a file, accept or contest)',
  decide_hardship: "approve or decline customers' hardship requests",
  pay_out: 'pay out from the wallet',
  change_settlement_account: 'change the settlement account',
  change_settings: 'change the account settings',
  manage_team: 'invite, change or remove team members',
  read_audit_log: 'read the audit log',
  submit_business_details: 'submit the business details for live approval',
  own_account: 'change their own password or two-factor sign-in',
};

const ALL: readonly Role[] = ROLES;
const ADMINS: readonly Role[] = ['owner', 'admin'];

/** Who may do what. `read` is everyone's; everything else is named here and nowhere else. */
export const ROLE_PERMISSIONS: Record<Permission, readonly Role[]> = {
  read: ALL,
  own_account: ALL,
  manage_keys: [...ADMINS, 'developer'],
  manage_webhooks: [...ADMINS, 'developer'],
  use_test_tools: [...ADMINS, 'developer', 'support'],
  manage_payment_links: [...ADMINS, 'support'],
  cancel_plans: [...ADMINS, 'support'],
  refund: [...ADMINS, 'support'],
  // Evidence is what support knows (the order, the delivery); the money is finance's.
  answer_disputes: [...ADMINS, 'support', 'finance'],
  // Moving a due date is a plan change, like cancelling one: support's, not finance's.
  decide_hardship: [...ADMINS, 'support'],
  pay_out: [...ADMINS, 'finance'],
  change_settlement_account: ['owner'],
  change_settings: ADMINS,
  manage_team: ADMINS,
  read_audit_log: ADMINS,
  // The director's BVN and the account's legal identity: the people who answer for the account.
  submit_business_details: ADMINS,
};

export function roleMay(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[permission].includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * The dashboard's routes that change something, by `METHOD pattern` (Fastify's route pattern).
 * A route with a dashboard caller that is in neither this table nor a GET is refused to every
 * role but owner (fail closed), and a test keeps the table complete.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  'POST /api/v1/merchant/:merchant_id/keys/roll': 'manage_keys',
  'DELETE /api/v1/merchant/:merchant_id/keys/:key_id': 'manage_keys',
  'POST /api/v1/merchant/:merchant_id/publishable-keys/roll': 'manage_keys',
  'POST /api/v1/merchant/:merchant_id/webhook-secret/roll': 'manage_webhooks',
  'POST /api/v1/merchant/:merchant_id/webhook/test': 'manage_webhooks',
  'POST /api/v1/merchant/:merchant_id/webhook-events/:event_id/resend': 'manage_webhooks',
  'POST /api/v1/merchant/:merchant_id/webhook-events/resend-failed': 'manage_webhooks',
  'POST /api/v1/merchant/:merchant_id/payment-links': 'manage_payment_links',
  'PATCH /api/v1/merchant/:merchant_id/payment-links/:link_id': 'manage_payment_links',
  'POST /api/v1/merchant/:merchant_id/payment-links/:link_id/activate': 'manage_payment_links',
  'POST /api/v1/merchant/:merchant_id/payment-links/:link_id/deactivate': 'manage_payment_links',
  'POST /api/v1/merchant/:merchant_id/plans/:plan_id/refunds': 'refund',
  'POST /api/v1/merchant/:merchant_id/plans/:plan_id/cancel': 'cancel_plans',
  'POST /api/v1/merchant/:merchant_id/plans/:plan_id/advance': 'use_test_tools',
  'POST /api/v1/merchant/:merchant_id/plans/:plan_id/advance-clock': 'use_test_tools',
  'POST /api/v1/merchant/:merchant_id/plans/:plan_id/simulate': 'use_test_tools',
  'POST /api/v1/merchant/:merchant_id/payouts': 'pay_out',
  'PATCH /api/v1/merchant/:merchant_id/settings': 'change_settings',
  'PUT /api/v1/merchant/:merchant_id/business-details': 'submit_business_details',
  'POST /api/v1/merchant/:merchant_id/password': 'own_account',
  'POST /api/v1/merchant/:merchant_id/team/me/two-factor': 'own_account',
  'POST /api/v1/merchant/:merchant_id/team/me/two-factor/confirm': 'own_account',
  'DELETE /api/v1/merchant/:merchant_id/team/me/two-factor': 'own_account',
  'POST /api/v1/merchant/:merchant_id/team/invitations': 'manage_team',
  'PATCH /api/v1/merchant/:merchant_id/team/members/:member_id': 'manage_team',
  'DELETE /api/v1/merchant/:merchant_id/team/members/:member_id': 'manage_team',
  'PATCH /api/v1/merchant/:merchant_id/team/refund-limit': 'manage_team',
  'GET /api/v1/merchant/:merchant_id/audit-log': 'read_audit_log',
  'PUT /api/v1/merchant/:merchant_id/notification-preferences': 'change_settings',
  'POST /api/v1/merchant/:merchant_id/disputes/:dispute_id/evidence': 'answer_disputes',
  'POST /api/v1/merchant/:merchant_id/disputes/:dispute_id/file': 'answer_disputes',
  'POST /api/v1/merchant/:merchant_id/disputes/:dispute_id/accept': 'answer_disputes',
  'POST /api/v1/merchant/:merchant_id/disputes/:dispute_id/decline': 'answer_disputes',
  'POST /api/v1/merchant/:merchant_id/hardship-requests/:request_id/approve': 'decide_hardship',
  'POST /api/v1/merchant/:merchant_id/hardship-requests/:request_id/decline': 'decide_hardship',
  'PUT /api/v1/merchant/:merchant_id/hardship-settings': 'change_settings',
};

/**
 * The settings request's fields, each with what it needs: a developer changes the webhook
 * address, only an owner the settlement account, and the rest is an admin's.
 */
const SETTINGS_FIELD_PERMISSIONS: Record<string, Permission> = {
  webhook_url: 'manage_webhooks',
  settlement_account: 'change_settlement_account',
  password: 'change_settlement_account',
};

export interface DashboardRequest {
  method: string;
  /** The route's pattern, e.g. `/api/v1/merchant/:merchant_id/payouts`. */
  route: string;
  body: unknown;
}

export type Verdict =
  | { allowed: true; permissions: Permission[] }
  | { allowed: false; permission: Permission; detail: string };

/** The permissions a request needs: one, or one per settings field it changes. */
export function permissionsFor(request: DashboardRequest): Permission[] | null {
  const key = `${request.method.toUpperCase()} ${request.route}`;
  const listed = Object.hasOwn(ROUTE_PERMISSIONS, key) ? ROUTE_PERMISSIONS[key] : undefined;
  if (listed === 'change_settings') {
    const fields =
      typeof request.body === 'object' && request.body !== null ? Object.keys(request.body) : [];
    // The body is not validated yet (credentials are judged first): a field named `constructor`
    // or `toString` must not find Object.prototype's.
    const needed = new Set(
      fields.map((f) =>
        Object.hasOwn(SETTINGS_FIELD_PERMISSIONS, f)
          ? (SETTINGS_FIELD_PERMISSIONS[f] ?? 'change_settings')
          : 'change_settings',
      ),
    );
    return needed.size === 0 ? ['change_settings'] : [...needed];
  }
  if (listed) return [listed];
  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return ['read'];
  return null;
}

const article = (role: Role) => (role === 'owner' || role === 'admin' ? 'An' : 'A');

/** 403 text: what this role cannot do, and who can. */
export function refusalDetail(role: Role, permission: Permission): string {
  const who = ROLE_PERMISSIONS[permission].join(', ');
  return `${article(role)} ${role} member cannot ${PERMISSION_WORDS[permission]}: ask a team member whose role is one of ${who}.`;
}

/**
 * The judgement of a dashboard request. `supportRefundLimitKobo` is the owner's limit on one
 * refund by a support member (null: none allowed), checked against the body's `amount`: a
 * support member names the amount (a refund of "everything" has no amount to check).
 */
export function judgeDashboardRequest(
  role: Role,
  request: DashboardRequest,
  supportRefundLimitKobo: number | null,
): Verdict {
  const permissions = permissionsFor(request);
  if (permissions === null) {
    // A changing route missing from the table: only an owner may, until the table names it.
    return role === 'owner'
      ? { allowed: true, permissions: ['change_settings'] }
      : {
          allowed: false,
          permission: 'change_settings',
          detail: `${article(role)} ${role} member cannot ${request.method.toUpperCase()} ${request.route}: only an owner can.`,
        };
  }
  for (const permission of permissions) {
    if (!roleMay(role, permission)) {
      return { allowed: false, permission, detail: refusalDetail(role, permission) };
    }
  }
  if (role === 'support' && permissions.includes('refund')) {
    const amount =
      typeof request.body === 'object' && request.body !== null
        ? (request.body as { amount?: unknown }).amount
        : undefined;
    if (supportRefundLimitKobo === null || supportRefundLimitKobo <= 0) {
      return {
        allowed: false,
        permission: 'refund',
        detail:
          'A support member cannot refund payment plans until an owner sets the support refund limit (Team screen).',
      };
    }
    if (typeof amount !== 'number') {
      return {
        allowed: false,
        permission: 'refund',
        detail: `A support member cannot refund a whole plan at once: state the amount (at most ${supportRefundLimitKobo} kobo, the limit an owner set).`,
      };
    }
    if (amount > supportRefundLimitKobo) {
      return {
        allowed: false,
        permission: 'refund',
        detail: `A support member cannot refund more than ${supportRefundLimitKobo} kobo at once (the limit an owner set); ${amount} kobo needs an owner, an admin or a raised limit.`,
      };
    }
  }
  return { allowed: true, permissions };
}

/**
 * Team changes an admin may not make, and the last owner's protection. `owners` counts the
 * account's owners now; `target` is the member changed (null for an invitation).
 */
export function checkTeamChange(
  actor: Role,
  change:
    | { kind: 'invite'; role: Role }
    | { kind: 'change_role'; from: Role; to: Role; accountHolder: boolean; owners: number }
    | { kind: 'remove'; role: Role; accountHolder: boolean; self: boolean; owners: number },
): string | null {
  if (!roleMay(actor, 'manage_team')) return refusalDetail(actor, 'manage_team');
  const touchesOwner =
    (change.kind === 'invite' && change.role === 'owner') ||
    (change.kind === 'change_role' && (change.from === 'owner' || change.to === 'owner')) ||
    (change.kind === 'remove' && change.role === 'owner');
  if (touchesOwner && actor !== 'owner') {
    return 'An admin member cannot make, change or remove an owner: only an owner can.';
  }
  if (change.kind === 'change_role') {
    if (change.accountHolder && change.to !== 'owner') {
      return 'The account holder (the e-mail the account was registered with) is always an owner.';
    }
    if (change.from === 'owner' && change.to !== 'owner' && change.owners <= 1) {
      return 'The last owner cannot be given another role: make another member an owner first.';
    }
  }
  if (change.kind === 'remove') {
    if (change.accountHolder) {
      return 'The account holder (the e-mail the account was registered with) cannot be removed.';
    }
    if (change.self) return 'You cannot remove yourself: ask another owner or admin.';
    if (change.role === 'owner' && change.owners <= 1) {
      return 'The last owner cannot be removed.';
    }
  }
  return null;
}
