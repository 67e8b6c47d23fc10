/**
 * What every command module of the `tranche` CLI shares: its output, how a command line is
 * refused (exit 2), its `--help`, and a runtime for the operator tasks. A leaf of the CLI's
 * modules, so that cli.ts can import the commands and the commands these without a cycle.
 */
import { parseArgs } from 'node:util';

import { loadConfig } from '../platform/config.ts';
import { COMMAND_USAGE, type CommandName } from './cli-help.ts';
import { openRuntime, type Runtime } from './runtime.ts';

export const print = (line = '') => process.stdout.write(`${line}\n`);
export const note = (line: string) => process.stderr.write(`${line}\n`);

export const cliOutput = { print, note };

/** A command line that names no command, or one with options it does not take: exit 2. */
export class UsageError extends Error {
  readonly command: CommandName | null;
  constructor(command: CommandName | null, detail: string) {
    super(detail);
    this.command = command;
  }
}

export const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** Runs parseArgs for a command; its refusals (unknown option, missing value) become a UsageError. */
export function parsed<R>(command: CommandName, parse: () => R): R {
  try {
    return parse();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_') && error instanceof Error) {
      throw new UsageError(command, `${error.message.split('. ')[0] ?? error.message}.`);
    }
    throw error;
  }
}

/** For commands that take no options: null to go on, or 0 after printing their --help. */
export function onlyHelp(command: CommandName, args: string[]): 0 | null {
  const { values } = parsed(command, () => parseArgs({ args, options: HELP }));
  return values.help ? usage(command) : null;
}

export function usage(command: CommandName): 0 {
  print(COMMAND_USAGE[command]);
  return 0;
}

/** An operator task's runtime: migrated first (the CLI may be the first to reach a new database). */
export async function withRuntime<T>(fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(loadConfig(), { migrate: true, log: note });
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}
