/**
 * The Processes commands: start, api, worker and sandbox-gateway run until a signal; migrate
 * applies the migrations and exits.
 */
import { migrate } from '../db/migrate.ts';
import {
  DOJAH_SIMULATOR_APP_ID,
  DOJAH_SIMULATOR_SECRET_KEY,
  usesDojahSimulator,
} from '../identity/choose.ts';
import { TERMII_SIMULATOR_API_KEY, usesTermiiSimulator } from '../notifications/sms-provider.ts';
import { type Config, loadConfig } from '../platform/config.ts';
import { createLogger } from '../platform/logger.ts';
import { startTracing, stopTracing } from '../platform/tracing.ts';
import { note, print } from './cli-shared.ts';
import { installLastResortHandlers } from './last-resort.ts';
import { openRuntime, resolveDatabaseUrl, type Runtime } from './runtime.ts';

// The API, the worker, the sandbox and the demo store are loaded only by the processes that run
// them: a worker alone starts without parsing the HTTP app and the sandbox (about a quarter of
// its start-up CPU), which the tests feel most, starting and killing workers by the dozen.

export async function runProcesses(which: {
  api: boolean;
  worker: boolean;
  sandbox: boolean;
  demoStore?: boolean;
}): Promise<void> {
  let config = loadConfig();
  // The credit bureau simulator runs when no Dojah URL is configured (decision 0047). It starts
  // first so that SANDBOX_CREDIT_BUREAU_PORT=0 (any free port) reaches this process's adapter.
  const creditSimulator =
    which.sandbox && !config.creditBureauBaseUrl ? await startCreditSimulator(config) : undefined;
  if (creditSimulator) {
    config = { ...config, sandboxCreditBureauPort: Number(new URL(creditSimulator.url).port) };
  }
  // Likewise the Termii simulator (decision 0053), so that SANDBOX_SMS_PORT=0 reaches the worker.
  const smsSimulator =
    which.sandbox && usesTermiiSimulator(config) ? await startSmsSimulator(config) : undefined;
  if (smsSimulator) {
    config = { ...config, sandboxSmsPort: Number(new URL(smsSimulator.url).port) };
  }
  if (which.api) {
    const { prepareWebBuild } = await import('./web-build.ts');
    await prepareWebBuild(config.env, note);
  }
  // Before the runtime: its database handle records spans once a provider is registered.
  await startTracing({
    endpoint: config.otlpEndpoint,
    serviceName:
      which.api && which.worker
        ? 'tranche'
        : which.api
          ? 'tranche-api'
          : which.worker
            ? 'tranche-worker'
            : 'tranche-sandbox',
  });
  const runtime = await openRuntime(config, { migrate: true });
  const workerModule = which.worker ? await import('./worker.ts') : undefined;
  installLastResortHandlers(
    createLogger(config.logLevel, which.api ? 'api' : which.worker ? 'worker' : 'sandbox'),
    workerModule?.isAbandonedRunnerError,
  );
  // The sandbox runs only when no real gateway is configured (sandbox mode is the default).
  const sandbox = which.sandbox && !config.gatewayBaseUrl ? await startSandbox(runtime) : undefined;
  // Likewise the Dojah simulator, when identity checks go to Dojah without DOJAH_BASE_URL.
  const identitySimulator =
    which.sandbox && usesDojahSimulator(config) ? await startIdentitySimulator(runtime) : undefined;
  const api = which.api ? await (await import('./api.ts')).startApi(runtime) : undefined;
  const worker = workerModule ? await workerModule.startWorker(runtime) : undefined;
  const demoStore = api && which.demoStore ? await import('./demo-store.ts') : undefined;
  const store =
    api && demoStore?.demoStoreWanted(config)
      ? await demoStore.startDemoStore(runtime, api.url).catch((error: unknown) => {
          note(`Could not start the demo store: ${String(error)}`);
        })
      : undefined;
  if (api) {
    printBanner(
      runtime,
      api.url,
      worker?.monitoringUrl,
      sandbox?.url,
      store?.url,
      identitySimulator?.url,
      creditSimulator?.url,
      smsSimulator?.url,
    );
  } else if (worker) {
    note(
      `Tranche worker running. Health and metrics: ${worker.monitoringUrl} (/healthz, /readyz, /metrics)`,
    );
  } else if (sandbox) {
    note(`Sandbox gateway running at ${sandbox.url}`);
    if (identitySimulator) note(`Dojah simulator running at ${identitySimulator.url}`);
  }
  if (!api && creditSimulator) note(`Credit bureau simulator running at ${creditSimulator.url}`);
  if (!api && smsSimulator) note(`Termii simulator running at ${smsSimulator.url}`);

  // Runs until a signal: then stop taking work, finish what is in flight, release the database.
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  note(`\n${signal}: shutting down …`);
  await store?.close();
  await api?.stop();
  await worker?.stop();
  await sandbox?.close();
  await identitySimulator?.close();
  await creditSimulator?.close();
  await smsSimulator?.close();
  await runtime.close();
  await stopTracing();
}

async function startSandbox(runtime: Runtime) {
  const { config } = runtime;
  const { startSandboxGateway } = await import('../gateway/sandbox/server.ts');
  return startSandboxGateway({
    port: config.sandboxGatewayPort,
    host: config.host,
    secretKey: runtime.secrets.gatewaySecretKey,
    databaseUrl: runtime.databaseUrl,
    publicBaseUrl: `http://localhost:${config.sandboxGatewayPort}`,
    // One URL for every event, as Paystack's dashboard has one per mode (decision 0041).
    webhookUrl: `${config.publicBaseUrl}/api/v1/webhooks/gateway`,
    mandateActivationDelayMs: config.sandboxMandateActivationMs,
    logLevel: config.logLevel,
  });
}

async function startIdentitySimulator(runtime: Runtime) {
  const { config } = runtime;
  const { startDojahSimulator } = await import('../identity/dojah-simulator/server.ts');
  return startDojahSimulator({
    port: config.dojahSimulatorPort,
    host: config.host,
    appId: DOJAH_SIMULATOR_APP_ID,
    secretKey: DOJAH_SIMULATOR_SECRET_KEY,
  });
}

async function startCreditSimulator(config: Config) {
  const { startCreditSimulator: start } = await import('../credit/simulator/server.ts');
  return start({ port: config.sandboxCreditBureauPort, host: config.host });
}

async function startSmsSimulator(config: Config) {
  const { startTermiiSimulator } = await import('../notifications/termii-simulator/server.ts');
  return startTermiiSimulator({
    port: config.sandboxSmsPort,
    host: config.host,
    apiKey: TERMII_SIMULATOR_API_KEY,
  });
}

/** Where customer e-mails go, without the SMTP credentials. */
function mailDestination(smtpUrl: string | undefined, withWorker: boolean): string {
  if (smtpUrl) {
    const { protocol, host } = new URL(smtpUrl);
    return `SMTP ${protocol}//${host} (SMTP_URL)`;
  }
  return `written to the ${withWorker ? '' : 'worker’s '}log, not sent (SMTP_URL unset; docs/notifications.md)`;
}

function printBanner(
  runtime: Runtime,
  url: string,
  workerMonitoringUrl: string | undefined,
  sandboxUrl: string | undefined,
  storeUrl?: string,
  identitySimulatorUrl?: string,
  creditSimulatorUrl?: string,
  smsSimulatorUrl?: string,
): void {
  const db = runtime.usingEmbeddedDatabase
    ? `embedded PostgreSQL (${runtime.config.dataDir}/pg)`
    : 'DATABASE_URL';
  print('');
  print(
    `Tranche is running (${runtime.config.env}; database: ${db}; worker: ${workerMonitoringUrl ? 'in this process' : 'separate'})`,
  );
  print(`  API            ${url}/api/v1`);
  print(`  API reference  ${url}/docs`);
  print(`  Health         ${url}/healthz   Metrics ${url}/metrics`);
  print(`  Merchant       ${url}/merchant    Operator console ${url}/admin`);
  if (workerMonitoringUrl) {
    print(
      `  Worker         ${workerMonitoringUrl}/healthz   Metrics ${workerMonitoringUrl}/metrics`,
    );
  }
  print(
    `  Gateway        ${sandboxUrl ? `sandbox gateway at ${sandboxUrl} (test cards: src/gateway/sandbox/README.md)` : (runtime.config.gatewayBaseUrl ?? '')}`,
  );
  const identity = runtime.config;
  print(
    `  Identity       ${
      identity.identityProvider === 'sandbox'
        ? 'in-process sandbox provider (test BVNs: docs/sandbox.md)'
        : identitySimulatorUrl
          ? `Dojah simulator at ${identitySimulatorUrl} (test BVNs: src/identity/dojah-simulator/README.md)`
          : `Dojah at ${identity.dojahBaseUrl ?? `http://127.0.0.1:${identity.dojahSimulatorPort} (the simulator, not running in this process)`}`
    }`,
  );
  print(
    `  Credit bureau  ${creditSimulatorUrl ? `simulator at ${creditSimulatorUrl} (test BVNs: src/credit/simulator/README.md)` : (runtime.config.creditBureauBaseUrl ?? '')}`,
  );
  if (storeUrl) print(`  Demo store     ${storeUrl}`);
  const sms = runtime.config;
  print(
    `  Customer SMS   ${
      sms.smsProvider === 'log'
        ? 'written to the worker’s log, not sent (SMS_PROVIDER=log)'
        : smsSimulatorUrl
          ? `Termii simulator at ${smsSimulatorUrl} (sent texts: ${smsSimulatorUrl}/simulator/messages)`
          : `Termii at ${sms.termiiBaseUrl ?? `http://127.0.0.1:${sms.sandboxSmsPort} (the simulator, not running in this process)`}`
    }`,
  );
  print(
    `  Customer mail  ${mailDestination(runtime.config.smtpUrl, workerMonitoringUrl !== undefined)}`,
  );
  print('');
  // A deployment runs the installed command, not npm scripts of a checkout.
  const tranche = runtime.config.env === 'production' ? 'tranche' : 'npm run tranche --';
  print('Get sandbox keys:');
  print(`  ${tranche} merchants create --name "My Shop" --email dev@myshop.ng`);
  print(`or  curl -X POST ${url}/api/v1/merchant/register -H 'Content-Type: application/json' \\`);
  print(
    `      -d '{"business_name":"My Shop","email":"dev@myshop.ng","password":"a long password"}'`,
  );
  print(`Operator console: ${url}/admin  (sign in with an operator account; create one with`);
  print(`  ${tranche} operators add --email you@example.ng --name "Your Name")`);
  print('');
}

export async function runMigrate(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabaseUrl(config, note);
  try {
    const applied = await migrate(url);
    print(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  } finally {
    await embedded?.stop();
  }
}
