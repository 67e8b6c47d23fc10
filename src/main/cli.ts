import { parseArgs } from 'node:util';
import {
  approveMerchant,
  createMerchant,
  deactivateMerchant,
  listMerchants,
  reactivateMerchant,
} from '../app/merchants.ts';
import type { MerchantView } from '../app/views.ts';
import { DomainError } from '../domain/errors.ts';
import { migrate } from '../db/migrate.ts';
import { reconcile } from '../app/reconciliation.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { startApi } from './api.ts';
import { openRuntime, resolveDatabaseUrl, type Runtime } from './runtime.ts';
import { startWorker } from './worker.ts';
import { prepareWebBuild } from './web-build.ts';
import { startSandboxGateway } from '../gateway/sandbox/server.ts';
import { demoStoreWanted, startDemoStore } from './demo-store.ts';

const USAGE = `tranche <command> [options]

Processes
  start                         API and worker in one process (embedded PostgreSQL if DATABASE_URL is unset)
  api                           the HTTP API only
  worker                        the job worker only
  migrate                       apply database migrations and exit
  sandbox-gateway               the Paystack-compatible sandbox gateway only (SANDBOX_GATEWAY_PORT)

Operator tasks (add --json for machine-readable output)
  merchants create --name N --email E [--password P] [--approve]
  merchants approve ID | deactivate ID | reactivate ID
  merchants list [--status pending_approval|active|deactivated]
  admin-token                   print the operator token for /api/v1/admin (development)
  reconcile [--since ISO-DATE] [--no-gateway]
                                compare ledger, charges, payouts and the gateway; exit 1 on differences
`;

const print = (line = '') => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

/** Runs one command and returns the process exit code (server commands return when stopped). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        await runProcesses({ api: true, worker: true, sandbox: true, demoStore: true });
        return 0;
      case 'api':
        await runProcesses({ api: true, worker: false, sandbox: false });
        return 0;
      case 'worker':
        await runProcesses({ api: false, worker: true, sandbox: false });
        return 0;
      case 'sandbox-gateway':
        await runProcesses({ api: false, worker: false, sandbox: true });
        return 0;
      case 'migrate':
        await runMigrate();
        return 0;
      case 'merchants':
        await runMerchants(rest);
        return 0;
      case 'reconcile':
        return await runReconcile(rest);
      case 'admin-token':
        print(resolveSecrets(loadConfig()).adminApiToken);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        print(USAGE);
        return 0;
      default:
        note(`Unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DomainError) {
      note(error instanceof DomainError ? `Error: ${error.detail}` : error.message);
      return 1;
    }
    throw error;
  }
}

async function runProcesses(which: {
  api: boolean;
  worker: boolean;
  sandbox: boolean;
  demoStore?: boolean;
}): Promise<void> {
  const config = loadConfig();
  if (which.api) await prepareWebBuild(config.env, note);
  const runtime = await openRuntime(config, { migrate: true });
  // The sandbox runs only when no real gateway is configured (sandbox mode is the default).
  const sandbox = which.sandbox && !config.gatewayBaseUrl ? await startSandbox(runtime) : undefined;
  const api = which.api ? await startApi(runtime) : undefined;
  const worker = which.worker ? await startWorker(runtime) : undefined;
  const store =
    api && which.demoStore && demoStoreWanted(config)
      ? await startDemoStore(runtime, api.url).catch((error: unknown) => {
          note(`Could not start the demo store: ${String(error)}`);
        })
      : undefined;
  if (api) printBanner(runtime, api.url, Boolean(worker), sandbox?.url, store?.url);
  else if (worker) note('Tranche worker running.');
  else if (sandbox) note(`Sandbox gateway running at ${sandbox.url}`);

  // Runs until a signal: then stop taking work, finish what is in flight, release the database.
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  note(`\n${signal}: shutting down …`);
  await store?.close();
  await api?.app.close();
  await worker?.stop();
  await sandbox?.close();
  await runtime.close();
}

function startSandbox(runtime: Runtime) {
  const { config } = runtime;
  return startSandboxGateway({
    port: config.sandboxGatewayPort,
    host: config.host,
    secretKey: runtime.secrets.gatewaySecretKey,
    databaseUrl: runtime.databaseUrl,
    publicBaseUrl: `http://localhost:${config.sandboxGatewayPort}`,
    webhookUrl: `${config.publicBaseUrl}/api/v1/webhooks/gateway`,
    revocationWebhookUrl: `${config.publicBaseUrl}/api/v1/webhooks/payment-gateway`,
    logLevel: config.logLevel,
  });
}

function printBanner(
  runtime: Runtime,
  url: string,
  withWorker: boolean,
  sandboxUrl: string | undefined,
  storeUrl?: string,
): void {
  const db = runtime.usingEmbeddedDatabase
    ? `embedded PostgreSQL (${runtime.config.dataDir}/pg)`
    : 'DATABASE_URL';
  print('');
  print(
    `Tranche is running (${runtime.config.env}; database: ${db}; worker: ${withWorker ? 'in this process' : 'separate'})`,
  );
  print(`  API            ${url}/api/v1`);
  print(`  API reference  ${url}/docs`);
  print(`  Health         ${url}/healthz   Metrics ${url}/metrics`);
  print(
    `  Gateway        ${sandboxUrl ? `sandbox gateway at ${sandboxUrl} (test cards: src/gateway/sandbox/README.md)` : (runtime.config.gatewayBaseUrl ?? '')}`,
  );
  if (storeUrl) print(`  Demo store     ${storeUrl}`);
  print('');
  print('Get sandbox keys:');
  print('  npm run tranche -- merchants create --name "My Shop" --email dev@myshop.ng');
  print(`or  curl -X POST ${url}/api/v1/merchant/register -H 'Content-Type: application/json' \\`);
  print(
    `      -d '{"business_name":"My Shop","email":"dev@myshop.ng","password":"a long password"}'`,
  );
  print('Operator token for /api/v1/admin:  npm run tranche -- admin-token');
  print('');
}

async function runReconcile(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      since: { type: 'string' },
      'no-gateway': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const since = values.since ? new Date(values.since) : new Date(Date.now() - 7 * 24 * 60 * 60_000);
  if (Number.isNaN(since.getTime()))
    throw new DomainError('invalid_request', '--since must be a date such as 2026-11-01.');
  const report = await withRuntime((rt) =>
    reconcile(rt.ctx, { since, gateway: !values['no-gateway'] }),
  );
  if (values.json) print(JSON.stringify(report, null, 2));
  else {
    print(
      `Reconciled since ${report.since}: ${report.charges_checked} charges, ${report.payouts_checked} payouts.`,
    );
    if (report.differences.length === 0) print('No differences.');
    for (const d of report.differences) print(`  ${d.kind.padEnd(7)} ${d.reference}  ${d.detail}`);
  }
  return report.differences.length === 0 ? 0 : 1;
}

async function runMigrate(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config, note);
  try {
    const applied = await migrate(url);
    print(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await embedded?.stop();
  }
}

async function withRuntime<T>(fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(loadConfig(), { migrate: true, log: note });
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}

function merchantLine(m: MerchantView): string {
  return `${m.id}  ${m.status.padEnd(16)}  ${m.business_name} <${m.email}>`;
}

async function runMerchants(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      approve: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      status: { type: 'string' },
    },
  });
  const [action, id] = positionals;
  const emit = (json: unknown, text: () => void) =>
    values.json ? print(JSON.stringify(json, null, 2)) : text();

  if (action === 'create') {
    if (!values.name || !values.email)
      throw new DomainError('invalid_request', 'merchants create needs --name and --email.');
    const created = await withRuntime((rt) =>
      createMerchant(rt.ctx, {
        businessName: values.name ?? '',
        email: values.email ?? '',
        approve: values.approve,
        ...(values.password && { password: values.password }),
      }),
    );
    emit(
      {
        merchant_id: created.merchant.id,
        status: created.merchant.status,
        secret_keys: created.secret_keys,
        webhook_secret: created.webhook_secret,
      },
      () => {
        print(`Merchant created: ${created.merchant.id} (${created.merchant.status})`);
        print(`  Test secret key   ${created.secret_keys.test}`);
        print(
          `  Live secret key   ${created.secret_keys.live}${created.merchant.status === 'active' ? '' : '   (works after approval)'}`,
        );
        print(`  Webhook secret    ${created.webhook_secret}`);
        print('These are shown once: store them now.');
      },
    );
    return;
  }
  if (action === 'list') {
    const status = values.status as MerchantView['status'] | undefined;
    const result = await withRuntime((rt) =>
      listMerchants(rt.ctx, { limit: 100, offset: 0, ...(status && { status }) }),
    );
    emit(result, () => result.data.forEach((m) => print(merchantLine(m))));
    return;
  }
  const transitions = {
    approve: approveMerchant,
    deactivate: deactivateMerchant,
    reactivate: reactivateMerchant,
  } as const;
  if (action === 'approve' || action === 'deactivate' || action === 'reactivate') {
    if (!id) throw new DomainError('invalid_request', `merchants ${action} needs a merchant id.`);
    const merchant = await withRuntime((rt) => transitions[action](rt.ctx, id));
    emit(merchant, () => print(merchantLine(merchant)));
    return;
  }
  throw new DomainError(
    'invalid_request',
    `Unknown merchants action "${action ?? ''}". Try: create, approve, deactivate, reactivate, list.`,
  );
}
