import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { startCreditSimulator } from '../../src/credit/simulator/server.ts';
import { startSandboxGateway } from '../../src/gateway/sandbox/server.ts';
import { startDojahSimulator } from '../../src/identity/dojah-simulator/server.ts';
import { startTermiiSimulator } from '../../src/notifications/termii-simulator/server.ts';
import { createTestDatabase } from './database.ts';
import { waitFor } from './e2e.ts';
import { HttpClient } from './http-client.ts';
import { assertInvariants } from './invariants.ts';
import { OPERATOR_PASSWORD, operatorLogin, testOperator } from './operators.ts';
import { freePort } from './sandbox.ts';
import { startTestSmtpServer } from './smtp.ts';

/**
 * Tranche as production runs it, against the providers' simulators over HTTP (issue 25 item 4):
 * `TRANCHE_ENV=production`, a live gateway key (`sk_live_…`), `tranche migrate`, then `tranche
 * api` and `tranche worker` as two processes; the Dojah identity and credit simulators, the
 * Termii simulator, a Paystack-speaking gateway (the sandbox gateway's server) and an SMTP server
 * each on its own port, named by the same variables a deploy sets for the real providers (so to
 * the service they are Dojah, Paystack and Termii: nothing counts as sandbox). Browsers reach the
 * API through a TLS proxy (production requires an https PUBLIC_BASE_URL), with a certificate made
 * for localhost by openssl; the browser context is told to accept it.
 */
export interface LiveStack {
  /** What browsers use: https://localhost:<proxy port>, the PUBLIC_BASE_URL. */
  publicUrl: string;
  /** The API process itself (plain HTTP, loopback): what the test's own calls use. */
  api: HttpClient;
  gatewayUrl: string;
  gatewayKey: string;
  operatorToken(): Promise<string>;
  output(): string;
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  stop(): Promise<void>;
}

const DOJAH = { appId: 'live-dojah-app', secretKey: 'prod_sk_live_dojah_simulated' };
const BUREAU = { appId: 'live-bureau-app', secretKey: 'prod_sk_live_bureau_simulated' };
const TERMII_KEY = 'TL_live_termii_simulated';

/** A self-signed certificate for localhost (openssl is part of the machine: env's packages). */
function localhostCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

/** TLS in front of the API, as a load balancer would be: everything passed through as it is. */
async function startTlsProxy(
  tls: { key: Buffer; cert: Buffer },
  apiPort: number,
  port: number,
): Promise<HttpsServer> {
  const server = createHttpsServer(tls, (req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: apiPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-proto': 'https' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

export async function startLiveStack(): Promise<LiveStack> {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const database = await createTestDatabase();
    stops.push(() => database.drop());
    const dir = mkdtempSync(join(tmpdir(), 'tranche-live-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
    const [apiPort, proxyPort] = [await freePort(), await freePort()];
    const publicUrl = `https://localhost:${proxyPort}`;
    const gatewayKey = `sk_live_${randomUUID().replace(/-/g, '')}`;

    const gateway = await startSandboxGateway({
      port: 0,
      secretKey: gatewayKey,
      databaseUrl: database.url,
      webhookUrl: `http://127.0.0.1:${apiPort}/api/v1/webhooks/gateway`,
      logLevel: 'silent',
    });
    stops.push(() => gateway.close());
    const dojah = await startDojahSimulator({ port: 0, ...DOJAH });
    stops.push(() => dojah.close());
    const bureau = await startCreditSimulator({ port: 0, ...BUREAU, slowMs: 3_000 });
    stops.push(() => bureau.close());
    const termii = await startTermiiSimulator({ port: 0, apiKey: TERMII_KEY });
    stops.push(() => termii.close());
    const smtp = await startTestSmtpServer();
    stops.push(() => smtp.close());
    const proxy = await startTlsProxy(localhostCertificate(dir), apiPort, proxyPort);
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          proxy.closeAllConnections();
          proxy.close(() => resolve());
        }),
    );

    const jwt = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TRANCHE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      PUBLIC_BASE_URL: publicUrl,
      DATABASE_URL: database.url,
      ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
      JWT_PRIVATE_KEY: jwt.toString(),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      GATEWAY_BASE_URL: gateway.url,
      GATEWAY_SECRET_KEY: gatewayKey,
      IDENTITY_PROVIDER: 'dojah',
      DOJAH_BASE_URL: dojah.url,
      DOJAH_APP_ID: DOJAH.appId,
      DOJAH_SECRET_KEY: DOJAH.secretKey,
      CREDIT_BUREAU_BASE_URL: bureau.url,
      CREDIT_BUREAU_APP_ID: BUREAU.appId,
      CREDIT_BUREAU_SECRET_KEY: BUREAU.secretKey,
      // The slow bureau profile answers after 3 s here: past this, as 45 s is past 30 s.
      CREDIT_BUREAU_TIMEOUT_MS: '2000',
      SMS_PROVIDER: 'termii',
      TERMII_BASE_URL: termii.url,
      TERMII_API_KEY: TERMII_KEY,
      TERMII_SENDER_ID: 'Tranche',
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'Tranche <no-reply@pay.example.ng>',
      WORKER_METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    };
    let output = '';
    const run = (args: string[]) => {
      const done = spawnSync(process.execPath, ['bin/tranche.mjs', ...args], {
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
      if (done.status !== 0) {
        throw new Error(
          `tranche ${args.join(' ')} exited ${done.status}:\n${done.stdout}${done.stderr}`,
        );
      }
      return done.stdout;
    };
    run(['migrate']);
    const children: ChildProcess[] = [];
    const start = async (command: 'api' | 'worker', ready: () => Promise<boolean>) => {
      const child = spawn(process.execPath, ['bin/tranche.mjs', command], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`tranche ${command} exited:\n${output}`);
          return ready();
        },
        60_000,
        () => output,
      );
    };
    const stopProcesses = () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    stops.push(stopProcesses);
    const api = new HttpClient(`http://127.0.0.1:${apiPort}`);
    await start(
      'api',
      async () => (await api.get('/readyz').catch(() => undefined))?.status === 200,
    );
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // The database is dropped WITH (FORCE) at the end: a connection still closing then gets
    // "terminating connection"; that is the end we asked for, not a failure.
    pool.on('error', () => undefined);
    stops.push(() => pool.end());
    await start('worker', async () => output.includes('Tranche worker running'));

    const created = JSON.parse(
      run([
        'operators',
        'add',
        '--email',
        `ops-${randomUUID().slice(0, 8)}@ops.tranche.test`,
        '--name',
        'Live Operator',
        '--password',
        OPERATOR_PASSWORD,
        '--json',
      ]),
    ) as { operator: { id: string; email: string }; totp_secret: string };
    const operator = testOperator({
      id: created.operator.id,
      email: created.operator.email,
      name: 'Live Operator',
      password: OPERATOR_PASSWORD,
      totpSecret: created.totp_secret,
    });
    let token: Promise<string> | undefined;
    let stopping: Promise<void> | undefined;
    return {
      publicUrl,
      api,
      gatewayUrl: gateway.url,
      gatewayKey,
      operatorToken: () =>
        (token ??= operatorLogin(api, operator, Date.now() / 1000).then((s) => s.token)),
      output: () => output,
      sql: async (text, values) => (await pool.query(text, values)).rows,
      // With the processes stopped, the invariants must hold on what the live journey did.
      stop: () =>
        (stopping ??= (async () => {
          try {
            await stopProcesses();
            await assertInvariants(database.url);
          } finally {
            await stopAll();
          }
        })()),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
