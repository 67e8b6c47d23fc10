/**
 * The `tranche` command line (bin/tranche.mjs loads it): which command runs, the overall usage,
 * and how a command's refusal becomes an exit code. Each command group is its own cli-*.ts.
 */
import { readFileSync } from 'node:fs';

import { DomainError } from '../domain/errors.ts';
import { ConfigError } from '../platform/config.ts';
import { CliFailure } from './cli-api.ts';
import { COMMAND_USAGE, type CommandName } from './cli-help.ts';
import { note, onlyHelp, print, usage, UsageError } from './cli-shared.ts';

// Each command group is loaded when its command runs: `tranche trigger` or `tranche worker` does
// not parse the others (a trigger started in half the CPU; the tests start hundreds of these).
const processes = () => import('./cli-processes.ts');

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
  operators add --email E --name N [--password P]
                                an operator account for /admin; prints its TOTP secret once
  operators list | disable EMAIL
  reconcile [--since ISO-DATE] [--no-gateway]
                                compare ledger, charges, payouts and the gateway; exit 1 on differences
  transfer-otp disable [OTP] | enable
                                the gateway account's transfer OTP off (automated payouts) or on

Local webhook tools (a sandbox secret key: --api-key or TRANCHE_SECRET_KEY)
  listen --forward-to URL [--events E,…]
                                forward your test events, signed, to a local server
  trigger <event>               make a test event really happen (tranche trigger --help: the list)

tranche <command> --help        what a command does and its options
tranche --version               the version of Tranche

Settings come from the environment (docs/configuration.md).
`;

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
        if (onlyHelp(command, rest) === null) {
          await (
            await processes()
          ).runProcesses({ api: true, worker: true, sandbox: true, demoStore: true });
        }
        return 0;
      case 'api':
        if (onlyHelp(command, rest) === null) {
          await (await processes()).runProcesses({ api: true, worker: false, sandbox: false });
        }
        return 0;
      case 'worker':
        if (onlyHelp(command, rest) === null) {
          await (await processes()).runProcesses({ api: false, worker: true, sandbox: false });
        }
        return 0;
      case 'sandbox-gateway':
        if (onlyHelp(command, rest) === null) {
          await (await processes()).runProcesses({ api: false, worker: false, sandbox: true });
        }
        return 0;
      case 'migrate':
        if (onlyHelp(command, rest) === null) await (await processes()).runMigrate();
        return 0;
      case 'merchants':
        return await (await import('./cli-merchants.ts')).runMerchants(rest);
      case 'reconcile':
        return await (await import('./cli-reconcile.ts')).runReconcile(rest);
      case 'listen':
        return await (await import('./cli-webhook-tools.ts')).cliListen(rest);
      case 'trigger':
        return await (await import('./cli-webhook-tools.ts')).cliTrigger(rest);
      case 'operators':
        return await (await import('./cli-operators.ts')).runOperators(rest);
      case 'transfer-otp':
        return await (await import('./cli-transfer-otp.ts')).runTransferOtp(rest);
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
