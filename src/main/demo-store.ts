import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startStore } from '../../examples/store/server.ts';
import { authenticateSecretKey } from '../features/access/index.ts';
import { loadWebhookEndpoint } from '../features/merchant-webhooks/index.ts';
import {
  createMerchant,
  listPublishableKeys,
  reactivateMerchant,
  rollApiKey,
  rollWebhookSecret,
  updateMerchantSettings,
} from '../features/merchants/index.ts';
import type { Config } from '../platform/config.ts';
import type { Runtime } from './runtime.ts';

/**
 * The demo store (examples/store) that `tranche start` runs beside the API in development: a
 * merchant shop on its own origin, wired to a demo merchant whose webhooks it receives.
 */
export const DEMO_MERCHANT_EMAIL = 'demo-store@tranche.local';

interface DemoCredentials {
  merchant_id: string;
  secret_key: string;
  webhook_secret: string;
}

export function demoStoreWanted(config: Config): boolean {
  return config.env === 'development' && config.demoStore;
}

export async function startDemoStore(
  runtime: Runtime,
  apiUrl: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const { config } = runtime;
  const credentials = await demoMerchantCredentials(runtime);
  const quiet = config.logLevel === 'silent';
  const publishableKey = (await listPublishableKeys(runtime.ctx, credentials.merchant_id)).find(
    (key) => key.mode === 'test' && key.expires_at === null,
  )?.key;
  const store = await startStore({
    port: config.storePort,
    host: config.host,
    trancheApiUrl: apiUrl,
    merchantId: credentials.merchant_id,
    secretKey: credentials.secret_key,
    webhookSecret: credentials.webhook_secret,
    // Public (decision 0055): read afresh each start rather than kept with the secrets.
    ...(publishableKey && { publishableKey }),
    log: (line) => {
      if (!quiet) process.stderr.write(`[demo store] ${line}\n`);
    },
  });
  const port = new URL(store.url).port;
  // The store uses the test key: its test endpoint receives the test events, which may go to
  // loopback over http (src/features/merchant-webhooks/address-policy.ts).
  await updateMerchantSettings(runtime.ctx, credentials.merchant_id, {
    webhookUrl: `http://127.0.0.1:${port}/webhooks/tranche`,
    webhookLivemode: false,
  });
  return { url: `http://localhost:${port}`, close: () => store.close() };
}

/**
 * The demo merchant's test key and test-mode webhook secret. They are shown only once (at creation or a
 * roll), so they are kept in $TRANCHE_DATA_DIR/demo-store.json and reused while they still work.
 */
async function demoMerchantCredentials(runtime: Runtime): Promise<DemoCredentials> {
  const { ctx, config } = runtime;
  const file = join(config.dataDir, 'demo-store.json');
  const save = (credentials: DemoCredentials) => {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
    return credentials;
  };

  const merchant = await ctx.db
    .selectFrom('merchants')
    .selectAll()
    .where('email', '=', DEMO_MERCHANT_EMAIL)
    .executeTakeFirst();
  if (!merchant) {
    const created = await createMerchant(ctx, {
      businessName: 'Ikeja Phones (demo store)',
      email: DEMO_MERCHANT_EMAIL,
    });
    return save({
      merchant_id: created.merchant.id,
      secret_key: created.secret_keys.test,
      webhook_secret: created.webhook_secrets.test,
    });
  }
  if (merchant.status === 'deactivated') {
    await reactivateMerchant(
      ctx,
      merchant.id,
      { name: 'system:demo-store' },
      'the demo store reactivates its own sandbox merchant when it starts',
    );
  }

  const stored = readStored(file);
  const mine = stored?.merchant_id === merchant.id ? stored : undefined;
  const secretKey =
    mine && (await testKeyWorks(runtime, merchant.id, mine.secret_key))
      ? mine.secret_key
      : (await rollApiKey(ctx, merchant.id, 'test', 0)).secret_key;
  const webhookSecret =
    mine && (await currentWebhookSecret(runtime, merchant.id)) === mine.webhook_secret
      ? mine.webhook_secret
      : (await rollWebhookSecret(ctx, merchant.id, false)).webhook_secret;
  return save({ merchant_id: merchant.id, secret_key: secretKey, webhook_secret: webhookSecret });
}

function readStored(file: string): DemoCredentials | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
  } catch {
    return undefined;
  }
}

async function testKeyWorks(runtime: Runtime, merchantId: string, key: string): Promise<boolean> {
  try {
    const principal = await authenticateSecretKey(runtime.ctx, key);
    return principal.merchantId === merchantId && principal.mode === 'test';
  } catch {
    return false;
  }
}

/**
 * The test endpoint's secret; undefined when it cannot be opened (say the development
 * ENCRYPTION_KEY was regenerated).
 */
async function currentWebhookSecret(
  runtime: Runtime,
  merchantId: string,
): Promise<string | undefined> {
  const endpoint = await loadWebhookEndpoint(runtime.ctx.db, merchantId, false);
  try {
    return runtime.ctx.secretBox.open(endpoint.secret_sealed);
  } catch {
    return undefined;
  }
}
