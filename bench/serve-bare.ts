// Bench child: the baseline for bench/sessions.ts. A bare Fastify server (no logger, rate limit,
// schemas, Kysely or hooks) with one route that writes through a pg Pool of the same size as
// Tranche's and answers 201 with a body shaped like Tranche's. BARE_VARIANT picks the SQL:
//   insert        (the baseline) a single INSERT … RETURNING into bench_bare_sessions;
//   tranche-sql   the 7 statements Tranche sends per create (key lookup, BEGIN, idempotency
//                 claim, completed check, INSERT session, UPDATE stored response, COMMIT), on
//                 the real tables, as raw SQL: the DB round-trip cost without Tranche's code;
//   one-statement the key lookup cached in memory and claim + completed check + INSERT + stored
//                 response in one statement: what fewer round trips could reach.
// BARE_PREPARED=1 sends every statement as a named (prepared) statement.
// Not run by hand.
import { createHash } from 'node:crypto';

import Fastify from 'fastify';
import pg from 'pg';

import { randomBase62 } from '../src/platform/ids.ts';
import { BARE_ROUTE, type BareVariant, isBareVariant } from './bare-table.ts';
import { serveForParent } from './processes.ts';

interface BareSessionBody {
  merchant_id: string;
  amount: number;
  currency: string;
  title: string;
  order_reference: string;
  customer_email?: string;
}

interface SessionRow {
  id: string;
  token: string;
  merchant_id: string;
  livemode: boolean;
  amount_kobo: string;
  currency: string;
  title: string;
  order_reference: string;
  customer_email: string | null;
  status: string;
  constraints: unknown;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

interface KeyRow {
  key_id: string;
  mode: string;
  merchant_id: string;
  status: string;
}

const CONSTRAINTS = JSON.stringify({
  allowed_frequencies: ['weekly', 'monthly'],
  max_weekly_duration: 12,
  max_monthly_duration: 6,
  min_upfront_pct: 25,
  allowed_schedule_types: ['installment'],
});
const LIFETIME_MS = 30 * 60_000;
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

const INSERT_BARE = `
INSERT INTO bench_bare_sessions
  (id, token, merchant_id, livemode, amount_kobo, currency, title, order_reference, customer_email,
   status, constraints, created_at, expires_at)
VALUES ($1, $2, $3, false, $4, $5, $6, $7, $8, 'pending', $9, $10, $11)
RETURNING *`;

const KEY_LOOKUP = `
SELECT api_keys.id AS key_id, api_keys.mode, api_keys.revoked_at, api_keys.expires_at,
       merchants.id AS merchant_id, merchants.status
  FROM api_keys INNER JOIN merchants ON merchants.id = api_keys.merchant_id
 WHERE api_keys.digest = $1`;

const CLAIM = `
INSERT INTO idempotency_keys AS k (merchant_id, livemode, key, request_hash, response_status, response_body, created_at)
VALUES ($1, $2, $3, $4, 0, 'null', $5)
ON CONFLICT (merchant_id, livemode, key) DO UPDATE
  SET request_hash = excluded.request_hash, response_status = 0, response_body = 'null', created_at = excluded.created_at
  WHERE k.created_at <= $6
RETURNING key`;

const COMPLETED = `
SELECT id FROM checkout_sessions
 WHERE merchant_id = $1 AND livemode = $2 AND order_reference = $3 AND status = 'completed'`;

const INSERT_SESSION = `
INSERT INTO checkout_sessions
  (id, token, merchant_id, livemode, amount_kobo, currency, title, order_reference, customer_email,
   status, constraints, created_at, expires_at, completed_at, cancelled_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending',
        (SELECT default_constraints FROM merchants WHERE id = $3), $10, $11, NULL, NULL)
RETURNING *`;

const STORE_RESPONSE = `
UPDATE idempotency_keys SET response_status = $1, response_body = $2
 WHERE merchant_id = $3 AND livemode = $4 AND key = $5`;

/** Claim, completed check, insert and stored response at once; the body's constraints come from SQL. */
const ONE_STATEMENT = `
WITH m AS (SELECT default_constraints FROM merchants WHERE id = $1),
done AS (
  SELECT 1 FROM checkout_sessions
   WHERE merchant_id = $1 AND livemode = $2 AND order_reference = $3 AND status = 'completed'),
claim AS (
  INSERT INTO idempotency_keys AS k (merchant_id, livemode, key, request_hash, response_status, response_body, created_at)
  SELECT $1, $2, $4, $5, 201, jsonb_set($6::jsonb, '{data,constraints}', m.default_constraints), $7
    FROM m WHERE NOT EXISTS (SELECT 1 FROM done)
  ON CONFLICT (merchant_id, livemode, key) DO UPDATE
    SET request_hash = excluded.request_hash, response_status = excluded.response_status,
        response_body = excluded.response_body, created_at = excluded.created_at
    WHERE k.created_at <= $8
  RETURNING response_body),
ins AS (
  INSERT INTO checkout_sessions
    (id, token, merchant_id, livemode, amount_kobo, currency, title, order_reference, customer_email,
     status, constraints, created_at, expires_at)
  SELECT $9, $10, $1, $2, $11, $12, $13, $3, $14, 'pending', m.default_constraints, $7, $15
    FROM m, claim
  RETURNING id)
SELECT (SELECT response_body FROM claim) AS body, EXISTS (SELECT 1 FROM done) AS completed,
       (SELECT count(*) FROM ins) AS inserted`;

const sha256Hex = (input: string) => createHash('sha256').update(input).digest('hex');

/** BARE_PREPARED=1 names each statement, so PostgreSQL parses and plans it once per connection. */
const PREPARED = process.env.BARE_PREPARED === '1';
const statementNames = new Map<string, string>();
function statement(text: string, values: unknown[]): pg.QueryConfig<unknown[]> {
  if (!PREPARED) return { text, values };
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `bench_${sha256Hex(text).slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

function sessionView(row: SessionRow) {
  return {
    id: row.id,
    object: 'checkout_session',
    token: row.token,
    checkout_url: `http://localhost:3000/checkout/${row.token}`,
    merchant_id: row.merchant_id,
    livemode: row.livemode,
    amount: Number(row.amount_kobo),
    currency: row.currency,
    title: row.title,
    order_reference: row.order_reference,
    customer_email: row.customer_email,
    status: row.status,
    constraints: row.constraints,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

function bearer(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) throw new Error('missing bearer key');
  return match[1];
}

type Handler = (
  body: BareSessionBody,
  authorization: string | undefined,
  idempotencyKey: string,
) => Promise<unknown>;

function handlerFor(variant: BareVariant, pool: pg.Pool): Handler {
  const lookupKey = async (authorization: string | undefined): Promise<KeyRow> => {
    const { rows } = await pool.query<KeyRow>(
      statement(KEY_LOOKUP, [sha256Hex(bearer(authorization))]),
    );
    if (!rows[0]) throw new Error('unknown key');
    return rows[0];
  };

  if (variant === 'insert') {
    return async (body) => {
      const now = new Date();
      const { rows } = await pool.query<SessionRow>(
        statement(INSERT_BARE, [
          `cs_${randomBase62(20)}`,
          `cst_${randomBase62(40)}`,
          body.merchant_id,
          body.amount,
          body.currency,
          body.title,
          body.order_reference,
          body.customer_email ?? null,
          CONSTRAINTS,
          now,
          new Date(now.getTime() + LIFETIME_MS),
        ]),
      );
      if (!rows[0]) throw new Error('INSERT returned no row');
      return { ok: true, data: sessionView(rows[0]) };
    };
  }

  if (variant === 'tranche-sql') {
    return async (body, authorization, idempotencyKey) => {
      const key = await lookupKey(authorization);
      const livemode = key.mode === 'live';
      const now = new Date();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const claim = await client.query(
          statement(CLAIM, [
            key.merchant_id,
            livemode,
            idempotencyKey,
            sha256Hex(JSON.stringify(body)),
            now,
            new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS),
          ]),
        );
        if (claim.rows.length === 0) throw new Error('idempotency key already used');
        const completed = await client.query(
          statement(COMPLETED, [key.merchant_id, livemode, body.order_reference]),
        );
        if (completed.rows.length > 0) throw new Error('order already completed');
        const { rows } = await client.query<SessionRow>(
          statement(INSERT_SESSION, [
            `cs_${randomBase62(20)}`,
            `cst_${randomBase62(40)}`,
            key.merchant_id,
            livemode,
            body.amount,
            body.currency,
            body.title,
            body.order_reference,
            body.customer_email ?? null,
            now,
            new Date(now.getTime() + LIFETIME_MS),
          ]),
        );
        if (!rows[0]) throw new Error('INSERT returned no row');
        const response = { ok: true, data: sessionView(rows[0]) };
        await client.query(
          statement(STORE_RESPONSE, [
            201,
            JSON.stringify(response),
            key.merchant_id,
            livemode,
            idempotencyKey,
          ]),
        );
        await client.query('COMMIT');
        return response;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
  }

  const keys = new Map<string, { key: KeyRow; until: number }>();
  return async (body, authorization, idempotencyKey) => {
    const secret = bearer(authorization);
    let cached = keys.get(secret);
    if (!cached || cached.until < Date.now()) {
      cached = { key: await lookupKey(authorization), until: Date.now() + 30_000 };
      keys.set(secret, cached);
    }
    const { key } = cached;
    const livemode = key.mode === 'live';
    const now = new Date();
    const expiresAt = new Date(now.getTime() + LIFETIME_MS);
    const id = `cs_${randomBase62(20)}`;
    const token = `cst_${randomBase62(40)}`;
    const template = {
      ok: true,
      data: {
        id,
        object: 'checkout_session',
        token,
        checkout_url: `http://localhost:3000/checkout/${token}`,
        merchant_id: key.merchant_id,
        livemode,
        amount: body.amount,
        currency: body.currency,
        title: body.title,
        order_reference: body.order_reference,
        customer_email: body.customer_email ?? null,
        status: 'pending',
        constraints: null,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        completed_at: null,
      },
    };
    const { rows } = await pool.query<{ body: unknown; completed: boolean; inserted: string }>(
      statement(ONE_STATEMENT, [
        key.merchant_id,
        livemode,
        body.order_reference,
        idempotencyKey,
        sha256Hex(JSON.stringify(body)),
        JSON.stringify(template),
        now,
        new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS),
        id,
        token,
        body.amount,
        body.currency,
        body.title,
        body.customer_email ?? null,
        expiresAt,
      ]),
    );
    const row = rows[0];
    if (!row || row.completed || row.inserted !== '1') {
      throw new Error('not created (replay or completed order)');
    }
    return row.body;
  };
}

async function start() {
  const variant = process.env.BARE_VARIANT ?? 'insert';
  if (!isBareVariant(variant)) throw new Error(`unknown BARE_VARIANT "${variant}"`);
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => undefined);
  const handle = handlerFor(variant, pool);
  const app = Fastify({ logger: false });
  app.post<{ Body: BareSessionBody }>(BARE_ROUTE, async (request, reply) => {
    const key = request.headers['idempotency-key'];
    const body = await handle(
      request.body,
      request.headers.authorization,
      typeof key === 'string' ? key : '',
    );
    return reply.code(201).send(body);
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  return {
    server: app.server,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

await serveForParent(start);
