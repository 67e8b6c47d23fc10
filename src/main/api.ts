import { listenForCredentialChanges } from '../features/access/index.ts';
import { buildHttpApp } from '../http/app.ts';
import type { TypedApp } from '../http/typed-app.ts';
import type { Runtime } from './runtime.ts';

export async function startApi(runtime: Runtime): Promise<{ app: TypedApp; url: string }> {
  const app = await buildHttpApp(runtime.ctx, {
    logLevel: runtime.config.logLevel,
    bodyLimitBytes: runtime.config.bodyLimitBytes,
    trustProxy: runtime.config.trustProxy,
    maxRequestsInFlight: runtime.config.maxRequestsInFlight,
    collectProcessMetrics: true,
  });
  // Credential changes made by other processes (CLI, admin API on another instance: keys,
  // merchant status, ended logins) reach this process's cache through PostgreSQL NOTIFY.
  const { credentialCache } = runtime.ctx;
  const listener = listenForCredentialChanges(
    runtime.databaseUrl,
    (announcement) => credentialCache.forget(announcement),
    () => credentialCache.clear(),
    (message) => app.log.warn(message),
  );
  app.addHook('onClose', async () => listener.stop());
  await app.listen({ host: runtime.config.host, port: runtime.config.port });
  return { app, url: runtime.config.publicBaseUrl };
}
