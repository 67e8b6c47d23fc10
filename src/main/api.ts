import { listenForCredentialChanges } from '../features/access/index.ts';
import { buildHttpApp } from '../http/app.ts';
import type { TypedApp } from '../http/typed-app.ts';
import type { Runtime } from './runtime.ts';

export interface ApiHandle {
  app: TypedApp;
  url: string;
  /**
   * A planned stop: `/readyz` fails for `SHUTDOWN_DRAIN_MS` (the load balancer stops sending),
   * then the server stops taking requests, finishes those in flight and closes.
   */
  stop(): Promise<void>;
}

export async function startApi(runtime: Runtime): Promise<ApiHandle> {
  const lifecycle = { draining: false };
  const app = await buildHttpApp(runtime.ctx, {
    lifecycle,
    traced: runtime.config.otlpEndpoint !== undefined,
    logLevel: runtime.config.logLevel,
    bodyLimitBytes: runtime.config.bodyLimitBytes,
    trustProxy: runtime.config.trustProxy,
    maxRequestsInFlight: runtime.config.maxRequestsInFlight,
    collectProcessMetrics: true,
    environment: runtime.config.env,
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
  return {
    app,
    url: runtime.config.publicBaseUrl,
    stop: async () => {
      lifecycle.draining = true;
      const drainMs = runtime.config.shutdownDrainMs;
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close();
    },
  };
}
