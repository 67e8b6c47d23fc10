/**
 * B31, the route table: every operation of the API document (which is generated from the
 * registered routes; `src/main/openapi-render.test.ts` fails when they drift apart) against every
 * credential it must refuse, and a check that every operation has its ownership cells somewhere.
 *
 * The cells here need no objects: credentials are judged before the body and before any lookup
 * (`requireAuth` is each route's preValidation hook, decision 0028), so a placeholder path and
 * an empty body are enough. What needs real objects (another merchant's plan, the other mode's
 * event, another customer's card) lives in the shared suites and the routes' own tests; the
 * coverage check below makes sure each operation is named there.
 */
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { revokeApiKey } from '../../src/features/merchants/api-keys.ts';
import { rollApiKey } from '../../src/features/merchants/index.ts';
import { createTestCustomer, createTestMerchant, type TestMerchant } from '../harness/fixtures.ts';
import { addOperator, operatorLogin } from '../harness/operators.ts';
import { startTestApp, type TestApp } from '../harness/test-app.ts';

interface Operation {
  /** "POST /api/v1/merchant/{merchant_id}/payouts" */
  name: string;
  method: string;
  path: string;
  /** The kinds of caller the document says are admitted; `public` when none is needed. */
  accepts: Set<Kind>;
  optional: boolean;
  example: unknown;
}

type Kind = 'secret_key' | 'merchant_dashboard' | 'customer' | 'admin' | 'publishable_key';
const SCHEMES: Record<string, Kind> = {
  publishableKey: 'publishable_key',
  secretKey: 'secret_key',
  merchantJwt: 'merchant_dashboard',
  customerJwt: 'customer',
  operatorJwt: 'admin',
};

const document = JSON.parse(
  readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
) as {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        requestBody?: { content: Record<string, { example?: unknown }> };
      }
    >
  >;
};

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const security = op.security ?? [];
    return {
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      accepts: new Set(
        security.flatMap((alternative) => Object.keys(alternative).map((s) => SCHEMES[s]!)),
      ),
      optional: security.some((alternative) => Object.keys(alternative).length === 0),
      example: op.requestBody?.content['application/json']?.example,
    };
  }),
);
const guarded = operations.filter((op) => op.accepts.size > 0);

let t: TestApp;
let merchant: TestMerchant;
let other: TestMerchant;
let customer: { id: string; accessToken: string };
let otherCustomer: { accessToken: string };
let revokedKey: string;
let dashboard: string;
let otherDashboard: string;
let operator: string;
let operatorId: string;

beforeAll(async () => {
  t = await startTestApp({ settings: { rateLimitSandboxPerMin: 1_000_000 } });
  merchant = await createTestMerchant(t, { approve: true });
  other = await createTestMerchant(t, { approve: true });
  const rolled = await rollApiKey(t.ctx, merchant.id, 'test', 60);
  await revokeApiKey(t.ctx, merchant.id, rolled.id);
  revokedKey = rolled.secret_key;
  customer = await createTestCustomer(t);
  otherCustomer = await createTestCustomer(t);
  dashboard = await dashboardToken(merchant);
  otherDashboard = await dashboardToken(other);
  const signedIn = await operatorLogin(
    t.http,
    await addOperator(t),
    t.clock.now().getTime() / 1000,
  );
  operator = signedIn.token;
  operatorId = signedIn.operator.id;
});
afterAll(async () => t.close());

async function dashboardToken(who: TestMerchant): Promise<string> {
  const login = await t.http.post('/api/v1/merchant/login', {
    email: who.email,
    password: who.password,
  });
  return login.body.data.access_token as string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Our claims for `sub` in `audience`, valid now, in a token that is not ours. */
function counterfeits(subject: string, audience: 'customer' | 'merchant_dashboard' | 'operator') {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const claims = b64({
    iss: 'tranche',
    aud: `tranche:${audience}`,
    sub: subject,
    iat: now,
    exp: now + 600,
  });
  const pem = t.jwtPublicKey.export({ type: 'spki', format: 'pem' }).toString();
  const hs256 = `${b64({ alg: 'HS256', typ: 'JWT' })}.${claims}`;
  return {
    [`${audience} token with alg none`]: `${b64({ alg: 'none', typ: 'JWT' })}.${claims}.`,
    [`${audience} token HS256-signed with our public key`]: `${hs256}.${createHmac('sha256', pem).update(hs256).digest('base64url')}`,
  };
}

/** A real token of ours with its claims swapped: the signature no longer matches. */
function tampered(token: string, subject: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
  return `${header}.${b64({ ...claims, sub: subject })}.${signature}`;
}

/** Credentials no route admits. */
function neverAdmitted(): Record<string, { authorization: string }> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const tokens: Record<string, string> = {
    'malformed key': 'sk_test_short',
    'another scheme prefix': `sk_prod_${'0'.repeat(40)}`,
    'unknown test key': `sk_test_${'A'.repeat(40)}`,
    'unknown live key': `sk_live_${'A'.repeat(40)}`,
    'revoked key': revokedKey,
    'a shared adm_ operator token (retired, decision 0035)': `adm_${'A'.repeat(40)}`,
    'operator token with a changed subject': tampered(operator, 'opr_someoneelse'),
    'customer token with a changed subject': tampered(customer.accessToken, 'cus_someoneelse'),
    'dashboard token with a changed subject': tampered(dashboard, other.id),
    ...counterfeits(customer.id, 'customer'),
    ...counterfeits(merchant.id, 'merchant_dashboard'),
    ...counterfeits(operatorId, 'operator'),
  };
  return {
    'a Basic header': { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    'a bare key without Bearer': { authorization: merchant.testKey },
    ...Object.fromEntries(Object.entries(tokens).map(([name, token]) => [name, bearer(token)])),
  };
}

/** The working credentials, each a kind of caller. */
function workingCredentials(): [Kind, string, string][] {
  return [
    ['secret_key', 'test key', merchant.testKey],
    ['secret_key', 'live key', merchant.liveKey],
    ['merchant_dashboard', 'dashboard token', dashboard],
    ['customer', 'customer token', customer.accessToken],
    ['admin', 'operator token', operator],
    // Public by design (decision 0055): it reads the messaging plans and no other route.
    ['publishable_key', 'publishable test key', merchant.publishableKeys.test],
    ['publishable_key', 'publishable live key', merchant.publishableKeys.live],
  ];
}

function concretePath(op: Operation): string {
  return op.path
    .replace('{merchant_id}', merchant.id)
    .replace('{customer_id}', customer.id)
    .replace(/\{[a-z_]+\}/g, 'x0');
}

async function send(op: Operation, headers: Record<string, string>, body: unknown) {
  return t.http.request(op.method, concretePath(op), {
    headers,
    ...(op.method !== 'GET' && op.method !== 'DELETE' && { body }),
  });
}

/** What a refused caller may see: the error envelope, nothing of anyone's data. */
function expectRefused(
  res: { status: number; body: Record<string, unknown> },
  status: number[],
  label: string,
) {
  const answer = JSON.stringify(res.body);
  expect(status, `${label}: ${res.status} ${answer}`).toContain(res.status);
  expect(res.body.ok, label).toBe(false);
  expect(res.body, label).not.toHaveProperty('data');
  for (const id of [merchant.id, customer.id, other.id]) {
    expect(answer, `${label} names ${id}`).not.toContain(id);
  }
}

const figures = { operations: 0, cells: 0 };

describe('B31: every operation refuses every credential it does not admit', () => {
  it('the document has the operations it should (a sanity check on the enumeration)', () => {
    expect(guarded.length).toBeGreaterThan(60);
    expect(guarded.filter((op) => op.accepts.has('admin')).length).toBeGreaterThanOrEqual(9);
  });

  for (const op of guarded) {
    it(op.name, async () => {
      // Credentials are judged before the body, so an empty one would do; an optional-key
      // route reads the key only without a session token in the body.
      const body = op.optional
        ? Object.fromEntries(
            Object.entries(op.example ?? {}).filter(([k]) => k !== 'session_token'),
          )
        : {};
      let cells = 0;
      if (!op.optional) {
        expectRefused(await send(op, {}, body), [401], 'no credentials');
        cells++;
      }
      for (const [label, headers] of Object.entries(neverAdmitted())) {
        const res = await send(op, headers, body);
        expectRefused(res, [401], label);
        expect(res.body.code, label).toBe('unauthenticated');
        cells++;
      }
      for (const [kind, label, token] of workingCredentials()) {
        if (op.accepts.has(kind)) continue;
        expectRefused(await send(op, { authorization: `Bearer ${token}` }, body), [401], label);
        cells++;
      }
      // Expired: our own valid tokens, 16 minutes on (they live 15, with 30 s of tolerance).
      t.clock.advance(16 * 60_000);
      try {
        for (const [label, token] of [
          ['expired customer token', customer.accessToken],
          ['expired dashboard token', dashboard],
        ] as const) {
          expectRefused(await send(op, { authorization: `Bearer ${token}` }, body), [401], label);
          cells++;
        }
      } finally {
        t.clock.advance(-16 * 60_000);
      }
      // Another owner's working credential on a path naming this merchant or this customer.
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const example = op.example ?? {};
      if (op.path.includes('{merchant_id}') && op.accepts.has('secret_key')) {
        expectRefused(
          await send(op, bearer(other.testKey), example),
          [403, 404],
          'other merchant key',
        );
        cells++;
      }
      if (op.path.includes('{merchant_id}') && op.accepts.has('merchant_dashboard')) {
        expectRefused(
          await send(op, bearer(otherDashboard), example),
          [403, 404],
          'other dashboard',
        );
        cells++;
      }
      if (op.path.includes('{customer_id}')) {
        expectRefused(
          await send(op, bearer(otherCustomer.accessToken), example),
          [403, 404],
          'other customer',
        );
        cells++;
      }
      figures.operations++;
      figures.cells += cells;
    });
  }

  it('prints its figure', () => {
    expect(figures.operations).toBe(guarded.length);
    console.log(
      `[battery] B31 route table: operations=${figures.operations} cells=${figures.cells} failures=0`,
    );
  });
});

// ── Coverage: each operation's ownership cells exist somewhere ─────────────────────────────

const normalise = (name: string) => name.replace('/api/v1', '').replace(/\{[^}]*\}/g, '{}');

function testSources(): { file: string; text: string }[] {
  const root = new URL('../', import.meta.url).pathname;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(root);
  return files.map((file) => ({ file: file.slice(root.length), text: readFileSync(file, 'utf8') }));
}

/** The route names ("GET /merchant/{id}/plans") passed to a shared suite in any test file. */
function namesInSuites(suite: string): Set<string> {
  const names = new Set<string>();
  for (const { text } of testSources()) {
    if (!text.includes(`${suite}(`)) continue;
    for (const match of text.matchAll(/['"`]((?:GET|POST|PUT|PATCH|DELETE) \/[^'"`\s]*)['"`]/g)) {
      names.add(normalise(match[1]!));
    }
  }
  return names;
}

/** Where an operation outside the shared suites has its ownership cells: file › test title. */
/** The team routes (decision 0064) take dashboard tokens only; their cells are in their own test. */
const TEAM_CELLS =
  'another merchant’s dashboard token reaches no team route (404), a secret key none (401)';
/** The business details (decision 0074) take dashboard tokens only. */
const KYB_CELLS =
  'a secret key reaches neither business-details route (401), another merchant’s dashboard token neither (404)';
/** Two-factor sign-in (decision 0065): each member's own, dashboard tokens only. */
const TWO_FACTOR_CELLS =
  'another merchant’s dashboard token reaches no two-factor route (404), a secret key none (401)';
const ELSEWHERE: Record<string, [file: string, title: string] | { none: string }> = {
  'POST /merchant/{}/team/me/two-factor': ['integration/two-factor.test.ts', TWO_FACTOR_CELLS],
  'GET /merchant/{}/team/me/two-factor': ['integration/two-factor.test.ts', TWO_FACTOR_CELLS],
  'DELETE /merchant/{}/team/me/two-factor': ['integration/two-factor.test.ts', TWO_FACTOR_CELLS],
  'POST /merchant/{}/team/me/two-factor/confirm': [
    'integration/two-factor.test.ts',
    TWO_FACTOR_CELLS,
  ],
  'GET /merchant/{}/team': ['integration/team.test.ts', TEAM_CELLS],
  'GET /merchant/{}/team/me': ['integration/team.test.ts', TEAM_CELLS],
  'POST /merchant/{}/team/invitations': ['integration/team.test.ts', TEAM_CELLS],
  'PATCH /merchant/{}/team/members/{}': ['integration/team.test.ts', TEAM_CELLS],
  'DELETE /merchant/{}/team/members/{}': ['integration/team.test.ts', TEAM_CELLS],
  'PATCH /merchant/{}/team/refund-limit': ['integration/team.test.ts', TEAM_CELLS],
  'GET /merchant/{}/audit-log': ['integration/team.test.ts', TEAM_CELLS],
  'GET /merchant/{}/business-details': ['integration/business-details.test.ts', KYB_CELLS],
  'PUT /merchant/{}/business-details': ['integration/business-details.test.ts', KYB_CELLS],
  'GET /banks': {
    none: 'the same bank list for every valid caller: no merchant’s data in it, no mode',
  },
  'GET /merchant/me': { none: 'names no merchant: it answers for the key’s own merchant' },
  'POST /merchant/{}/password': {
    none: 'dashboard tokens only: another merchant’s dashboard token is a cell above',
  },
  'POST /checkout/preview': {
    none: 'the optional key previews its own merchant’s constraints; a session token in the body names the session',
  },
  'POST /checkout/sessions/{}/confirm': [
    'integration/plans.test.ts',
    "another customer's method (404)",
  ],
  'DELETE /customers/me/remembered-devices/{}': [
    'integration/sign-in-codes.test.ts',
    "another customer's device (404)",
  ],
  'GET /customers/me/plans/{}': [
    'integration/customer-plans.test.ts',
    'lists and reads only their own plans',
  ],
  'PATCH /customers/me/plans/{}': [
    'integration/customer-plans.test.ts',
    'lists and reads only their own plans',
  ],
  'POST /customers/me/plans/{}/pay-now': [
    'integration/customer-plans.test.ts',
    'lists and reads only their own plans',
  ],
  'POST /customers/me/plans/{}/pay-off': [
    'integration/customer-plans.test.ts',
    'lists and reads only their own plans',
  ],
  ...Object.fromEntries(
    [
      'GET /customers/me/plans/{}/hardship',
      'POST /customers/me/plans/{}/hardship-requests',
      'POST /customers/me/plans/{}/hardship-requests/{}/cancel',
    ].map((name) => [
      name,
      [
        'integration/hardship.test.ts',
        "only the plan's customer asks and only its merchant decides; others get 404",
      ] as [string, string],
    ]),
  ),
  ...Object.fromEntries(
    [
      'GET /payment-methods/customers/{}',
      'POST /payment-methods/initialize-card',
      'POST /payment-methods/verify-card',
      'POST /payment-methods/customers/{}/initiate-bank-mandate',
      'POST /payment-methods/bank-mandate/submit-otp',
      'POST /payment-methods/bank-mandate/submit-birthday',
      'POST /payment-methods/bank-mandate/submit-phone',
      'POST /payment-methods/bank-mandate/verify',
      'PUT /payment-methods/{}/default',
      'DELETE /payment-methods/{}',
    ].map((name) => [
      name,
      [
        'integration/payment-methods.test.ts',
        'another customer gets 404 everywhere and learns nothing',
      ] as [string, string],
    ]),
  ),
  'GET /payment-methods/banks': { none: 'the same bank list for every customer' },
  'PUT /checkout/sessions/{}/plan-choice': [
    'integration/plan-choices.test.ts',
    'to the same customer only',
  ],
  'GET /checkout/sessions/{}/plan-choice': [
    'integration/plan-choices.test.ts',
    'to the same customer only',
  ],
  'GET /customers/me/plans/{}/transfer-account': [
    'integration/transfer-receipts.test.ts',
    'another customer’s plan reads as 404',
  ],
};

/** A customer route under /customers/me with no id in its path acts on the token's subject only. */
const ownByConstruction = (name: string) => /^[A-Z]+ \/customers\/me(\/[a-z-]+)*$/.test(name);

describe('B31: every operation has its ownership and mode cells', () => {
  it('each merchant operation is in the shared suite (or says where, or why not)', () => {
    const covered = namesInSuites('merchantRouteSecuritySuite');
    const missing = guarded
      .filter((op) => op.accepts.has('secret_key') || op.accepts.has('merchant_dashboard'))
      .map((op) => normalise(op.name))
      .filter((name) => !covered.has(name) && !(name in ELSEWHERE));
    expect(missing).toEqual([]);
  });

  it('each customer operation is in the shared suite, has its ownership test, or acts on the token’s own customer', () => {
    const covered = namesInSuites('customerRouteSecuritySuite');
    const sources = testSources();
    const problems: string[] = [];
    for (const op of guarded.filter((o) => o.accepts.has('customer'))) {
      const name = normalise(op.name);
      const where = ELSEWHERE[name];
      if (covered.has(name) || ownByConstruction(name)) continue;
      if (!where) problems.push(`${name}: no ownership cells named`);
      else if (Array.isArray(where)) {
        const [file, title] = where;
        const source = sources.find((s) => s.file === file);
        if (!source?.text.includes(title)) problems.push(`${name}: ${file} has no “${title}”`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every exemption names an operation that exists', () => {
    const names = new Set(operations.map((op) => normalise(op.name)));
    expect(Object.keys(ELSEWHERE).filter((name) => !names.has(name))).toEqual([]);
  });
});
