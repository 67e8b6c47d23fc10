/**
 * `tranche listen` and `tranche trigger`: their command lines, refused (exit 2) before anything
 * is sent. The commands themselves are cli-listen.ts and cli-trigger.ts.
 */
import { parseArgs } from 'node:util';

import { apiBase, sandboxKey } from './cli-api.ts';
import { runListen } from './cli-listen.ts';
import { cliOutput, HELP, parsed, usage, UsageError } from './cli-shared.ts';
import { isTriggerEvent, runTrigger } from './cli-trigger.ts';

const SANDBOX_CLIENT_OPTIONS = {
  ...HELP,
  'api-key': { type: 'string' },
  'api-base': { type: 'string' },
} as const;

export async function cliListen(argv: string[]): Promise<number> {
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
  if (!URL.canParse(forwardTo) || !/^https?:$/.test(new URL(forwardTo).protocol)) {
    throw new UsageError('listen', `--forward-to ${forwardTo} is not an http(s) URL.`);
  }
  const events = (values.events ?? '')
    .split(',')
    .map((event) => event.trim())
    .filter((event) => event !== '');
  const unknown = events.filter((event) => !isTriggerEvent(event));
  if (unknown.length > 0) {
    throw new UsageError('listen', `Unknown event '${unknown.join(', ')}' in --events.`);
  }
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

export async function cliTrigger(argv: string[]): Promise<number> {
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
