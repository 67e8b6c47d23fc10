// Child-process plumbing for the benchmarks: each server under test runs in its own Node process
// (its own event loop and CPU), started by the bench script and stopped by it, even on error.
import { type ChildProcess, spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReadyMessage {
  type: 'ready';
  port: number;
}

export interface FailedMessage {
  type: 'failed';
  message: string;
}

export type ChildMessage = ReadyMessage | FailedMessage;

function isChildMessage(value: unknown): value is ChildMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'ready' || type === 'failed';
}

/** A started server: a Node `Server`, or just the port it listens on (servers that hide theirs). */
export type RunningServer = ({ server: Server } | { port: number }) & { close(): Promise<void> };

/**
 * Child side: starts the server, reports its port to the parent over IPC, and exits cleanly
 * (so `--cpu-prof` can write its profile) on SIGTERM, SIGINT or when the parent goes away.
 */
export async function serveForParent(start: () => Promise<RunningServer>): Promise<void> {
  let running: RunningServer | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(code), 10_000);
    forced.unref();
    try {
      await running?.close();
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  process.on('disconnect', () => void stop(0));
  try {
    running = await start();
    const port = 'port' in running ? running.port : (running.server.address() as AddressInfo).port;
    process.send?.({ type: 'ready', port } satisfies ReadyMessage);
  } catch (error) {
    process.send?.({
      type: 'failed',
      message: (error as Error).stack ?? String(error),
    } satisfies FailedMessage);
    await stop(1);
  }
}

export interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Parent side: spawns `script` under this Node and waits until it listens. */
export async function startServerProcess(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killed);
  };

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`${options.name}: not ready after ${options.readyTimeoutMs ?? 60_000} ms`),
        ),
      options.readyTimeoutMs ?? 60_000,
    );
    child.on('message', (message: unknown) => {
      if (!isChildMessage(message)) return;
      clearTimeout(timer);
      if (message.type === 'ready') resolve(message.port);
      else reject(new Error(`${options.name} failed to start:\n${message.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`${options.name} exited before it was ready (code ${code}, signal ${signal})`),
      );
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { name: options.name, port, child, stop };
}
