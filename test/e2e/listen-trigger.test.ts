import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEBHOOK_EVENT_TYPES } from '../../src/domain/webhook.ts';
import { TRIGGER_CATALOGUE } from '../../src/main/cli-trigger.ts';
import { waitFor } from '../harness/e2e.ts';
import { type Stack, startStack } from '../harness/stack.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../harness/webhook-receiver.ts';

/**
 * `tranche listen` and `tranche trigger` as a merchant's developer runs them: the real CLI as
 * child processes against the real service (`tranche start`: API, worker, sandbox gateway) and a
 * local receiver standing in for the developer's server.
 */
let stack: Stack;
let local: WebhookReceiver;
let realEndpoint: WebhookReceiver;
let merchant: {
  id: string;
  testKey: string;
  liveKey: string;
  testSecret: string;
  liveSecret: string;
};
let listen: ChildProcess;
let listenOutput = '';

/** Runs `tranche …` to completion. */
function tranche(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['bin/tranche.mjs', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const hmac = (secret: string, body: string) =>
  createHmac('sha512', secret).update(body).digest('hex');

beforeAll(async () => {
  // The catalogue run makes a few hundred sandbox calls in a couple of minutes.
  process.env.RATE_LIMIT_SANDBOX_PER_MIN = '100000';
  process.env.RATE_LIMIT_IP_PER_MIN = '100000';
  stack = await startStack({ demoStore: false });
  local = await startWebhookReceiver();
  realEndpoint = await startWebhookReceiver();
  const registered = await stack.api.post('/api/v1/merchant/register', {
    business_name: 'Listen Stores',
    email: `listen-${randomUUID()}@shop.test`,
    password: 'a long merchant password',
  });
  expect(registered.status).toBe(201);
  const data = registered.body.data;
  merchant = {
    id: data.merchant.id,
    testKey: data.secret_keys.test,
    liveKey: data.secret_keys.live,
    testSecret: data.webhook_secrets.test,
    liveSecret: data.webhook_secrets.live,
  };
  const settings = await stack.api.patch(
    `/api/v1/merchant/${merchant.id}/settings`,
    { webhook_url: `${realEndpoint.url}/real` },
    { token: merchant.testKey },
  );
  expect(settings.status).toBe(200);
  listen = spawn(
    process.execPath,
    [
      'bin/tranche.mjs',
      'listen',
      '--forward-to',
      `${local.url}/webhooks`,
      '--api-base',
      stack.apiUrl,
    ],
    {
      env: { ...process.env, TRANCHE_SECRET_KEY: merchant.testKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  listen.stdout?.on('data', (chunk: Buffer) => (listenOutput += chunk.toString()));
  listen.stderr?.on('data', (chunk: Buffer) => (listenOutput += chunk.toString()));
  await waitFor(
    () => listenOutput.includes('Ctrl-C to stop'),
    30_000,
    () => listenOutput,
  );
}, 180_000);

afterAll(async () => {
  if (listen.exitCode === null) listen.kill('SIGKILL');
  await local.close();
  await realEndpoint.close();
  await stack.stop();
});

describe('tranche listen and tranche trigger', () => {
  it('a triggered payment.success reaches the local server with the real body, signed with the test secret', async () => {
    expect(listenOutput).toContain(`Ready. Forwarding the test events of ${merchant.id}`);
    expect(listenOutput).toContain('test webhook secret');
    const run = await tranche([
      'trigger',
      'payment.success',
      '--api-key',
      merchant.testKey,
      '--api-base',
      stack.apiUrl,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const done = /Done: payment\.success (evt_\w+)/.exec(run.stdout);
    expect(done, run.stdout).not.toBeNull();
    expect(run.stdout.match(/^Done:/gm), run.stdout).toHaveLength(1);
    const eventId = done?.[1] ?? '';
    await waitFor(
      () => local.received.some((r) => r.headers['x-tranche-event-id'] === eventId),
      30_000,
      () => listenOutput,
    );
    const forwarded = local.received.find((r) => r.headers['x-tranche-event-id'] === eventId);
    const [row] = await stack.sql<{ body: string }>(
      'SELECT body FROM webhook_events WHERE id = $1',
      [eventId],
    );
    expect(forwarded?.path).toBe('/webhooks');
    expect(forwarded?.body).toBe(row?.body);
    expect(forwarded?.headers['x-tranche-signature']).toBe(
      hmac(merchant.testSecret, row?.body ?? ''),
    );
    expect(forwarded?.headers['x-tranche-event']).toBe('payment.success');
    expect(forwarded?.headers['content-type']).toBe('application/json');
    // One line per event: time, type, id, the local answer and how long it took.
    expect(listenOutput).toMatch(
      new RegExp(`\\d\\d:\\d\\d:\\d\\d  payment\\.success\\s+${eventId}  → 200 \\(\\d+ ms\\)`),
    );
    // The real delivery to the test webhook URL still happens, same bytes.
    await realEndpoint.waitFor(1, 30_000);
    await waitFor(
      () => realEndpoint.received.some((r) => r.headers['x-tranche-event-id'] === eventId),
      30_000,
    );
    expect(
      realEndpoint.received.find((r) => r.headers['x-tranche-event-id'] === eventId)?.body,
    ).toBe(row?.body);
  }, 120_000);

  it('the catalogue covers every webhook event, and trigger makes each one happen', async () => {
    expect(Object.keys(TRIGGER_CATALOGUE).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const help = await tranche(['trigger', '--help']);
    for (const event of WEBHOOK_EVENT_TYPES) expect(help.stdout).toContain(`  ${event} `);
    const failures: string[] = [];
    // Each trigger makes its own customer and plan, so three run at once (each is a process
    // that waits on the worker; one after the other they took most of this file's four minutes).
    const events = WEBHOOK_EVENT_TYPES.filter((event) => event !== 'payment.success');
    const triggerOne = async (event: (typeof events)[number]) => {
      const run = await tranche(['trigger', event, '--api-base', stack.apiUrl], {
        TRANCHE_SECRET_KEY: merchant.testKey,
      });
      const id = new RegExp(`Done: ${event.replace('.', '\\.')} (evt_\\w+)`).exec(run.stdout)?.[1];
      if (run.code !== 0 || !id) {
        // What the payouts and their jobs looked like, for a timed-out transfer.* trigger.
        const payouts = await stack.sql(
          `SELECT id, status, failure_reason, updated_at FROM payouts ORDER BY created_at`,
        );
        const jobs = await stack.sql(
          `SELECT task_identifier, key, attempts, run_at, last_error FROM graphile_worker.jobs
            WHERE task_identifier IN ('send_payout', 'verify_payout')`,
        );
        failures.push(
          `${event}: exit ${String(run.code)}\n${run.stdout}${run.stderr}\npayouts ${JSON.stringify(payouts)}\njobs ${JSON.stringify(jobs)}`,
        );
        return;
      }
      // One "Done" line, for the event asked for (the deposit on the way is a step line).
      if (run.stdout.match(/^Done:/gm)?.length !== 1) failures.push(`${event}:\n${run.stdout}`);
      // Seen through listen: forwarded to the local server under its own id and type.
      try {
        await waitFor(
          () =>
            local.received.some(
              (r) =>
                r.headers['x-tranche-event-id'] === id && r.headers['x-tranche-event'] === event,
            ),
          20_000,
        );
      } catch {
        failures.push(
          `${event}: ${id} never reached the local server\n${listenOutput.slice(-3000)}`,
        );
      }
    };
    // A transfer trigger points the merchant's one settlement account at a sandbox account that
    // pays, fails or reverses, until its payout is sent: two at once for one merchant would send
    // each other's payouts (seen: transfer.failed's payout reversed). They take one lane.
    const transfers = events.filter((event) => event.startsWith('transfer.'));
    const queue = events.filter((event) => !event.startsWith('transfer.'));
    const lane = async (next: () => (typeof events)[number] | undefined) => {
      for (let event = next(); event !== undefined; event = next()) await triggerOne(event);
    };
    await Promise.all([
      lane(() => transfers.shift()),
      lane(() => queue.shift()),
      lane(() => queue.shift()),
    ]);
    expect(failures).toEqual([]);
  }, 900_000);

  it('refuses a live key and a wrong key in one clear line each', async () => {
    const live = await tranche([
      'listen',
      '--forward-to',
      `${local.url}/x`,
      '--api-key',
      merchant.liveKey,
      '--api-base',
      stack.apiUrl,
    ]);
    expect(live.code).toBe(1);
    expect(live.stderr.trim()).toBe(
      'tranche listen works with sandbox keys only (sk_test_…); this is a live key. Live events go to your live webhook URL.',
    );
    const wrong = await tranche([
      'trigger',
      'payment.success',
      '--api-key',
      `sk_test_${'x'.repeat(40)}`,
      '--api-base',
      stack.apiUrl,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^The API key was refused \(401\)/);
    // The service refuses a live key itself too (for clients other than this CLI).
    const stream = await fetch(
      `${stack.apiUrl}/api/v1/merchant/${merchant.id}/webhook-events/stream`,
      {
        headers: { authorization: `Bearer ${merchant.liveKey}` },
      },
    );
    expect(stream.status).toBe(403);
  }, 180_000);

  it('Ctrl-C stops listen cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => listen.once('exit', resolve));
    listen.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(listenOutput.trimEnd().endsWith('Stopped.')).toBe(true);
  }, 30_000);
});
