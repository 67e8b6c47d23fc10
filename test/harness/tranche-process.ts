import { type ChildProcess, spawn } from 'node:child_process';

import { waitFor } from './e2e.ts';

/** A `tranche <command>` child process, its output kept for failure messages. */
export interface TrancheProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<void>;
  /** SIGTERM, then waits for the exit (nothing if it already ended). */
  stop(): Promise<void>;
}

/** Starts `tranche <command>` with `env` and resolves once its output contains `readyText`. */
export async function startTrancheProcess(
  command: string,
  readyText: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<TrancheProcess> {
  const child = spawn(process.execPath, ['bin/tranche.mjs', command], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const proc: TrancheProcess = {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  try {
    await waitFor(
      () => {
        // Ready first: a process may say so and then end at once (a crash point armed on its
        // first job), which is for the caller to see, not a failure to start.
        if (output.includes(readyText)) return true;
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`tranche ${command} exited:\n${output}`);
        }
        return false;
      },
      timeoutMs,
      () => output,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return proc;
}
