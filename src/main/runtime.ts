import { join } from 'node:path';

import pg from 'pg';

import type { AppContext } from '../app-context.ts';
import { creditBureauFor } from '../credit/provider.ts';
import { connectDatabase, type DatabaseHandle } from '../db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { loopbackWebhooksAllowed } from '../features/merchant-webhooks/index.ts';
import { identityProviderFor } from '../identity/choose.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { Config, RedisFallback } from '../platform/config.ts';
import { FallbackRateLimitStore } from '../platform/fallback-rate-limits.ts';
import {
  MemoryRateLimitStore,
  type RateLimitStore,
  RedisRateLimitStore,
} from '../platform/rate-limiter.ts';
import { resolveSecrets, type ServiceSecrets } from '../platform/secrets.ts';
import { createAppContext } from './app-context.ts';

const FALLBACK_WORDS: Record<RedisFallback, string> = {
  local: 'counted by each process on its own',
  open: 'not enforced',
  closed: 'refused with 503',
};

/** Where the gateway adapter points: the configured gateway, else the local sandbox gateway. */
export function gatewayBaseUrl(config: Config): string {
  return config.gatewayBaseUrl ?? `http://127.0.0.1:${config.sandboxGatewayPort}`;
}

/** Everything a process needs, opened from config; `close` releases it in reverse order. */
export interface Runtime {
  ctx: AppContext;
  secrets: ServiceSecrets;
  config: Config;
  databaseUrl: string;
  database: DatabaseHandle;
  usingEmbeddedDatabase: boolean;
  close(): Promise<void>;
}

async function reachable(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Without DATABASE_URL, use the development database: the embedded PostgreSQL that another
 * `tranche` process (say `npm start`) already runs, or start it here.
 */
export async function resolveDatabaseUrl(
  config: Config,
  log: (line: string) => void,
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const url = `postgres://tranche:tranche@127.0.0.1:${config.embeddedPostgresPort}/tranche`;
  if (await reachable(url)) return { url };
  log(`Starting embedded PostgreSQL (data in ${join(config.dataDir, 'pg')}) …`);
  const embedded = await startEmbeddedPostgres({
    dataDir: join(config.dataDir, 'pg'),
    port: config.embeddedPostgresPort,
    persistent: true,
  });
  return { url: embedded.connectionString, embedded };
}

export async function openRuntime(
  config: Config,
  options: { migrate: boolean; clock?: Clock; log?: (line: string) => void },
): Promise<Runtime> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { url, embedded } = await resolveDatabaseUrl(config, log);
  if (options.migrate) {
    const applied = await migrate(url);
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
  }
  const secrets = resolveSecrets(config);
  const database = connectDatabase(url, config.databasePoolSize, {
    traced: config.otlpEndpoint !== undefined,
  });
  const rateLimits: RateLimitStore = config.redisUrl
    ? new FallbackRateLimitStore(new RedisRateLimitStore(config.redisUrl), {
        fallback: config.redisFallback,
        timeoutMs: config.redisTimeoutMs,
        retryAfterMs: 1_000,
        onDegraded: (degraded, error) =>
          degraded
            ? log(
                `Redis is not answering (${String(error)}): rate limits are ${FALLBACK_WORDS[config.redisFallback]} until it does (REDIS_FALLBACK=${config.redisFallback})`,
              )
            : log('Redis answers again: rate limits are shared again'),
      })
    : new MemoryRateLimitStore();
  const clock = options.clock ?? systemClock;
  const ctx = createAppContext({
    database,
    clock,
    secrets,
    rateLimits,
    identity: identityProviderFor(config),
    creditBureau: creditBureauFor(config),
    authCacheTtlMs: config.authCacheTtlMs,
    gateway: {
      baseUrl: gatewayBaseUrl(config),
      secretKey: secrets.gatewaySecretKey,
      timeoutMs: config.gatewayTimeoutMs,
    },
    sandboxControls: true,
    settings: {
      publicBaseUrl: config.publicBaseUrl,
      rateLimitSandboxPerMin: config.rateLimitSandboxPerMin,
      rateLimitLivePerMin: config.rateLimitLivePerMin,
      rateLimitIpPerMin: config.rateLimitIpPerMin,
      loginMaxFailures: config.loginMaxFailures,
      webhookTimeoutMs: config.webhookTimeoutMs,
      loopbackTestWebhooks: loopbackWebhooksAllowed(config.env),
      eventStreamsPerKey: config.eventStreamsPerKey,
      eventStreamsPerProcess: config.eventStreamsPerProcess,
      eventStreamMaxAgeMs: config.eventStreamMaxAgeMs,
      bankMandateApi: config.bankMandateApi,
    },
  });
  return {
    ctx,
    secrets,
    config,
    databaseUrl: url,
    database,
    usingEmbeddedDatabase: !config.databaseUrl,
    close: async () => {
      await rateLimits.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
