// Bench child: the sandbox gateway in its own process (its own event loop and CPU), as
// `tranche sandbox-gateway` runs it, on a random port. No webhook URL: bench/collections.ts
// measures what the worker records from the charge answers, not webhook delivery. Not run by hand.
import { startSandboxGateway } from '../src/gateway/sandbox/server.ts';
import { serveForParent } from './processes.ts';

await serveForParent(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  const secretKey = process.env.GATEWAY_SECRET_KEY;
  if (!databaseUrl || !secretKey) throw new Error('DATABASE_URL and GATEWAY_SECRET_KEY are needed');
  const sandbox = await startSandboxGateway({
    port: 0,
    secretKey,
    databaseUrl,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
  });
  return { port: Number(new URL(sandbox.url).port), close: () => sandbox.close() };
});
