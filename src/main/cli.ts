import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  approveMerchant,
  createMerchant,
  deactivateMerchant,
  listMerchants,
  type MerchantView,
  reactivateMerchant,
} from '../features/merchants/index.ts';
import { DomainError } from '../domain/errors.ts';
import { operatorName } from '../domain/operator-action.ts';
import { userInfo } from 'node:os';
import { migrate } from '../db/migrate.ts';
import { reconcile } from '../features/money/index.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { startApi } from './api.ts';
import { openRuntime, resolveDatabaseUrl, type Runtime } from './runtime.ts';
import { startWorker } from './worker.ts';
import { prepareWebBuild } from './web-build.ts';
import { startSandboxGateway } from '../gateway/sandbox/server.ts';
import { demoStoreWanted, startDemoStore } from './demo-store.ts';
import { apiBase, CliFailure, sandboxKey } from './cli-api.ts';
import { runListen } from './cli-listen.ts';
import { isTriggerEvent, runTrigger, TRIGGER_CATALOGUE } from './cli-trigger.ts';

const USAGE = `tranche <command> [options]

Processes
  start                         API and worker in one process (embedded PostgreSQL if DATABASE_URL is unset)
  api                           the HTTP API only
  worker                        the job worker only
  migrate                       apply database migrations and exit
  sandbox-gateway               the Paystack-compatible sandbox gateway only (SANDBOX_GATEWAY_PORT)

Operator tasks (add --json for machine-readable output)
  merchants create --name N --email E [--password P] [--approve]
  merchants approve ID | deactivate ID | reactivate ID   [--reason R] [--operator NAME]
  merchants list [--status pending_approval|active|deactivated]
  admin-token                   print the operator token for /api/v1/admin (development)
  reconcile [--since ISO-DATE] [--no-gateway]
                                compare ledger, charges, payouts and the gateway; exit 1 on differences

Local webhook tools (a sandbox secret key: --api-key or TRANCHE_SECRET_KEY)
  listen --forward-to URL [--events E,…]
                                forward your test events, signed, to a local server
  trigger <event>               make a test event really happen (tranche trigger --help: the list)

tranche <command> --help        what a command does and its options
tranche --version               the version of Tranche

Settings come from the environment (README, "Configuration").
`;

const CONFIGURED = 'Settings come from the environment (README, "Configuration").';

const SANDBOX_CLIENT = `  --api-key sk_test_…  a sandbox secret key (default: TRANCHE_SECRET_KEY); live keys are refused
  --api-base URL       the Tranche to talk to (default: TRANCHE_API_BASE, else http://127.0.0.1:3000)`;

const AUDITED = `Recorded in the operator audit log (the console's Audit log page):
  --reason R         why (required to deactivate and reactivate; deactivation's is shown to the merchant)
  --operator NAME    who (recorded as cli:NAME; default: cli:<your user name>)`;

/** Each command's `--help`. */
const COMMAND_USAGE = {
  start: `tranche start

Runs the API, the job worker, the sandbox gateway (when GATEWAY_BASE_URL is unset) and, in
development, the demo store in one process; applies migrations first. Without DATABASE_URL it
starts an embedded PostgreSQL in $TRANCHE_DATA_DIR/pg. Stops cleanly on SIGINT or SIGTERM.
${CONFIGURED}`,
  api: `tranche api

Runs the HTTP API only (production: as many as needed, with worker processes beside them);
applies pending migrations first. Stops cleanly on SIGINT or SIGTERM.
${CONFIGURED}`,
  worker: `tranche worker

Runs the job worker only: collections, payouts, webhook deliveries, expiry, reconciliation;
applies pending migrations first. Stops cleanly on SIGINT or SIGTERM.
${CONFIGURED}`,
  migrate: `tranche migrate

Applies pending database migrations and exits (DATABASE_URL, or the embedded PostgreSQL).
${CONFIGURED}`,
  'sandbox-gateway': `tranche sandbox-gateway

Runs only the sandbox gateway (Paystack's protocol) on SANDBOX_GATEWAY_PORT.
${CONFIGURED}`,
  listen: `tranche listen --forward-to URL [--events E,…] [--api-key sk_test_…] [--api-base URL]

Streams your test-mode webhook events from a running Tranche (an outbound connection: it works
when your machine cannot be reached from the service) and forwards each one to URL with its exact
body and signature headers, printing the time, event, id, your server's status and duration.
The signature is made with your test webhook secret (whsec_…): verify with it as in production.
Your test webhook URL, if set, keeps getting its own deliveries. Reconnects by itself and
resumes after the last event; Ctrl-C stops it.
  --forward-to URL     where to POST each event, e.g. http://localhost:8000/webhooks (required)
  --events E,…         only these event types, comma-separated
${SANDBOX_CLIENT}`,
  trigger: `tranche trigger <event> [--api-key sk_test_…] [--api-base URL]

Makes the event really happen in the sandbox: a checkout session, a test customer (registered,
test BVN verified), a test card on the sandbox gateway's page, a confirmed plan, then time travel
and sandbox gateway simulations as the event needs. Needs the worker running (tranche start).
Run tranche listen beside it to receive the event.
${SANDBOX_CLIENT}

Events:
${Object.entries(TRIGGER_CATALOGUE)
  .map(([event, how]) => `  ${event.padEnd(30)} ${how}`)
  .join('\n')}`,
  'admin-token': `tranche admin-token

Prints the operator token for /api/v1/admin/* (ADMIN_API_TOKEN, or the generated development one).`,
  reconcile: `tranche reconcile [--since ISO-DATE] [--no-gateway] [--json]

Compares charges, payouts, the ledger and the gateway; exits 1 on any difference.
  --since ISO-DATE   from this date (default: 7 days ago)
  --no-gateway       do not ask the gateway, compare the database only
  --json             the report as JSON`,
  merchants: `tranche merchants <action> [options]

  create --name N --email E [--password P] [--approve] [--json]
                     create a merchant; prints its keys and webhook secret once
  approve ID [--reason R]       let the merchant use its live key
  deactivate ID --reason R     refuse every request of the merchant
  reactivate ID --reason R     undo deactivate
  list [--status pending_approval|active|deactivated] [--json]

tranche merchants <action> --help for an action's options.`,
  'merchants create': `tranche merchants create --name N --email E [--password P] [--approve] [--json]

Creates a merchant and prints its id, test and live secret keys and webhook secret (shown once).
  --name N           business name (required)
  --email E          login email (required)
  --password P       dashboard password (default: none, no dashboard login)
  --approve          approve at once: the live key works immediately
  --json             machine-readable output`,
  'merchants approve': `tranche merchants approve ID [--reason R] [--operator NAME] [--json]

Approves a merchant in pending_approval: its live key starts working.
${AUDITED}`,
  'merchants deactivate': `tranche merchants deactivate ID --reason R [--operator NAME] [--json]

Deactivates a merchant: every request with its keys is refused (403 merchant_inactive, whose
detail tells the merchant the reason).
${AUDITED}`,
  'merchants reactivate': `tranche merchants reactivate ID --reason R [--operator NAME] [--json]

Reactivates a deactivated merchant.
${AUDITED}`,
  'merchants list': `tranche merchants list [--status pending_approval|active|deactivated] [--json]

Lists merchants, newest first (up to 100).`,
} as const;
type CommandName = keyof typeof COMMAND_USAGE;

/** The OS user running the CLI, for the audit log; a container may have none. */
function cliUser(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9 .@_'-]/g, '') || 'unknown';
  } catch {
    return 'unknown';
  }
}

const print = (line = '') => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

/** A command line that names no command, or one with options it does not take: exit 2. */
class UsageError extends Error {
  readonly command: CommandName | null;
  constructor(command: CommandName | null, detail: string) {
    super(detail);
    this.command = command;
  }
}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** Runs parseArgs for a command; its refusals (unknown option, missing value) become a UsageError. */
function parsed<R>(command: CommandName, parse: () => R): R {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_') && error instanceof Error)
      throw new UsageError(command, `${error.message.split('. ')[0] ?? error.message}.`);
    throw error;
  }
}

/** For commands that take no options: null to go on, or 0 after printing their --help. */
function onlyHelp(command: CommandName, args: string[]): 0 | null {
  const { values } = parsed(command, () => parseArgs({ args, options: HELP }));
  return values.help ? usage(command) : null;
}

function usage(command: CommandName): 0 {
  print(COMMAND_USAGE[command]);
  return 0;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  return String(pkg.version);
}

/** Runs one command and returns the process exit code (server commands return when stopped). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'start':
        if (onlyHelp(command, rest) === null)
          await runProcesses({ api: true, worker: true, sandbox: true, demoStore: true });
        return 0;
      case 'api':
        if (onlyHelp(command, rest) === null)
          await runProcesses({ api: true, worker: false, sandbox: false });
        return 0;
      case 'worker':
        if (onlyHelp(command, rest) === null)
          await runProcesses({ api: false, worker: true, sandbox: false });
        return 0;
      case 'sandbox-gateway':
        if (onlyHelp(command, rest) === null)
          await runProcesses({ api: false, worker: false, sandbox: true });
        return 0;
      case 'migrate':
        if (onlyHelp(command, rest) === null) await runMigrate();
        return 0;
      case 'merchants':
        return await runMerchants(rest);
      case 'reconcile':
        return await runReconcile(rest);
      case 'listen':
        return await cliListen(rest);
      case 'trigger':
        return await cliTrigger(rest);
      case 'admin-token':
        if (onlyHelp(command, rest) === null) print(resolveSecrets(loadConfig()).adminApiToken);
        return 0;
      case '--version':
      case '-v':
        print(packageVersion());
        return 0;
      case 'help': {
        const topic = rest.join(' ');
        if (topic in COMMAND_USAGE) return usage(topic as CommandName);
        if (topic !== '') throw new UsageError(null, `No command "${topic}".`);
        print(USAGE);
        return 0;
      }
      case undefined:
      case '--help':
      case '-h':
        print(USAGE);
        return 0;
      default:
        throw new UsageError(
          null,
          command.startsWith('-')
            ? `Unknown option '${command}'.`
            : `Unknown command "${command}".`,
        );
    }
  } catch (error) {
    if (error instanceof UsageError) {
      const help = error.command ? `tranche ${error.command} --help` : 'tranche --help';
      note(`tranche${error.command ? ` ${error.command}` : ''}: ${error.message} See '${help}'.`);
      return 2;
    }
    if (error instanceof CliFailure) {
      note(error.message);
      return 1;
    }
    if (error instanceof ConfigError || error instanceof DomainError) {
      note(error instanceof DomainError ? `Error: ${error.detail}` : error.message);
      return 1;
    }
    throw error;
  }
}

const SANDBOX_CLIENT_OPTIONS = {
  ...HELP,
  'api-key': { type: 'string' },
  'api-base': { type: 'string' },
} as const;

const cliOutput = { print, note };

async function cliListen(argv: string[]): Promise<number> {
  const { values } = parsed('listen', () =>
    parseArgs({
      args: argv,
      options: {
        ...SANDBOX_CLIENT_OPTIONS,
        'forward-to': { type: 'string' },
        events: { type: 'string' },
      },
    }),
  );
  if (values.help) return usage('listen');
  const forwardTo = values['forward-to'];
  if (!forwardTo) throw new UsageError('listen', 'Missing --forward-to URL.');
  if (!URL.canParse(forwardTo) || !/^https?:$/.test(new URL(forwardTo).protocol))
    throw new UsageError('listen', `--forward-to ${forwardTo} is not an http(s) URL.`);
  const events = (values.events ?? '')
    .split(',')
    .map((event) => event.trim())
    .filter((event) => event !== '');
  const unknown = events.filter((event) => !isTriggerEvent(event));
  if (unknown.length > 0)
    throw new UsageError('listen', `Unknown event '${unknown.join(', ')}' in --events.`);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await runListen(
      {
        apiBase: apiBase(values['api-base']),
        apiKey: sandboxKey(values['api-key'], 'listen'),
        forwardTo,
        events,
        signal: stop.signal,
      },
      cliOutput,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function cliTrigger(argv: string[]): Promise<number> {
  const { values, positionals } = parsed('trigger', () =>
    parseArgs({ args: argv, options: SANDBOX_CLIENT_OPTIONS, allowPositionals: true }),
  );
  if (values.help) return usage('trigger');
  const [event, ...extra] = positionals;
  if (!event) throw new UsageError('trigger', 'Which event? tranche trigger --help lists them.');
  if (extra.length > 0) throw new UsageError('trigger', `Unexpected argument '${extra[0]}'.`);
  if (!isTriggerEvent(event)) throw new UsageError('trigger', `Unknown event '${event}'.`);
  return runTrigger(
    {
      apiBase: apiBase(values['api-base']),
      apiKey: sandboxKey(values['api-key'], 'trigger'),
      event,
    },
    cliOutput,
  );
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
  if (api) printBanner(runtime, api.url, worker?.monitoringUrl, sandbox?.url, store?.url);
  else if (worker)
    note(
      `Tranche worker running. Health and metrics: ${worker.monitoringUrl} (/healthz, /readyz, /metrics)`,
    );
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
  if (workerMonitoringUrl)
    print(
      `  Worker         ${workerMonitoringUrl}/healthz   Metrics ${workerMonitoringUrl}/metrics`,
    );
  print(
    `  Gateway        ${sandboxUrl ? `sandbox gateway at ${sandboxUrl} (test cards: src/gateway/sandbox/README.md)` : (runtime.config.gatewayBaseUrl ?? '')}`,
  );
  if (storeUrl) print(`  Demo store     ${storeUrl}`);
  print(
    `  Customer mail  ${mailDestination(runtime.config.smtpUrl, workerMonitoringUrl !== undefined)}`,
  );
  print('');
  print('Get sandbox keys:');
  print('  npm run tranche -- merchants create --name "My Shop" --email dev@myshop.ng');
  print(`or  curl -X POST ${url}/api/v1/merchant/register -H 'Content-Type: application/json' \\`);
  print(
    `      -d '{"business_name":"My Shop","email":"dev@myshop.ng","password":"a long password"}'`,
  );
  print(`Operator console: ${url}/admin  (sign in with your name and the operator token:`);
  print('  npm run tranche -- admin-token)');
  print('');
}

async function runReconcile(argv: string[]): Promise<number> {
  const { values } = parsed('reconcile', () =>
    parseArgs({
      args: argv,
      options: {
        ...HELP,
        since: { type: 'string' },
        'no-gateway': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
      },
    }),
  );
  if (values.help) return usage('reconcile');
  const since = values.since ? new Date(values.since) : new Date(Date.now() - 7 * 24 * 60 * 60_000);
  if (Number.isNaN(since.getTime()))
    throw new DomainError('invalid_request', '--since must be a date such as 2026-11-01.');
  const report = await withRuntime((rt) =>
    reconcile(rt.ctx, { since, gateway: !values['no-gateway'] }),
  );
  if (values.json) print(JSON.stringify(report, null, 2));
  else {
    print(
      `Reconciled since ${report.since}: ${report.charges_checked} charges, ${report.payouts_checked} payouts, ${report.refunds_checked} refund parts.`,
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

const MERCHANT_STATUSES: readonly MerchantView['status'][] = [
  'pending_approval',
  'active',
  'deactivated',
];

/** `--json`: the value as JSON; otherwise the text. */
const emitter = (json: boolean) => (value: unknown, text: () => void) =>
  json ? print(JSON.stringify(value, null, 2)) : text();

async function runMerchants(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;

  if (action === 'create') {
    const { values } = parsed('merchants create', () =>
      parseArgs({
        args: rest,
        options: {
          ...HELP,
          name: { type: 'string' },
          email: { type: 'string' },
          password: { type: 'string' },
          approve: { type: 'boolean', default: false },
          json: { type: 'boolean', default: false },
        },
      }),
    );
    if (values.help) return usage('merchants create');
    const emit = emitter(values.json);
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
        webhook_secrets: created.webhook_secrets,
      },
      () => {
        print(`Merchant created: ${created.merchant.id} (${created.merchant.status})`);
        print(`  Test secret key   ${created.secret_keys.test}`);
        print(
          `  Live secret key   ${created.secret_keys.live}${created.merchant.status === 'active' ? '' : '   (works after approval)'}`,
        );
        print(`  Test webhook secret  ${created.webhook_secrets.test}`);
        print(`  Live webhook secret  ${created.webhook_secrets.live}`);
        print('These are shown once: store them now.');
      },
    );
    return 0;
  }
  if (action === 'list') {
    const { values } = parsed('merchants list', () =>
      parseArgs({
        args: rest,
        options: { ...HELP, status: { type: 'string' }, json: { type: 'boolean', default: false } },
      }),
    );
    if (values.help) return usage('merchants list');
    const status = MERCHANT_STATUSES.find((s) => s === values.status);
    if (values.status !== undefined && !status)
      throw new DomainError(
        'invalid_request',
        `--status must be one of ${MERCHANT_STATUSES.join(', ')}.`,
      );
    const result = await withRuntime((rt) =>
      listMerchants(rt.ctx, { limit: 100, offset: 0, ...(status && { status }) }),
    );
    emitter(values.json)(result, () => result.data.forEach((m) => print(merchantLine(m))));
    return 0;
  }
  const transitions = {
    approve: approveMerchant,
    deactivate: deactivateMerchant,
    reactivate: reactivateMerchant,
  } as const;
  if (action === 'approve' || action === 'deactivate' || action === 'reactivate') {
    const command = `merchants ${action}` as const;
    const { values, positionals } = parsed(command, () =>
      parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          ...HELP,
          json: { type: 'boolean', default: false },
          reason: { type: 'string' },
          operator: { type: 'string' },
        },
      }),
    );
    if (values.help) return usage(command);
    const [id, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(command, `Unexpected argument '${extra[0]}'.`);
    if (!id) throw new DomainError('invalid_request', `merchants ${action} needs a merchant id.`);
    // Audited like the console's actions (decision 0020): the operator is whoever runs the CLI.
    // `cli:` marks the channel: console names (X-Operator) cannot contain a colon.
    const operator = {
      name: `cli:${values.operator === undefined ? cliUser() : operatorName(values.operator)}`,
    };
    const merchant = await withRuntime((rt) =>
      transitions[action](rt.ctx, id, operator, values.reason ?? null),
    );
    emitter(values.json)(merchant, () => print(merchantLine(merchant)));
    return 0;
  }
  if (action === '--help' || action === '-h' || action === 'help') return usage('merchants');
  throw new UsageError(
    'merchants',
    action === undefined
      ? 'Name an action: create, approve, deactivate, reactivate or list.'
      : action.startsWith('-')
        ? `Unknown option '${action}' (the action comes first).`
        : `Unknown action "${action}"; try create, approve, deactivate, reactivate or list.`,
  );
}
