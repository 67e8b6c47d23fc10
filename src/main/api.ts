import type { Runtime } from './runtime.ts';
import { buildHttpApp } from '../http/app.ts';
import type { TypedApp } from '../http/typed-app.ts';

export async function startApi(runtime: Runtime): Promise<{ app: TypedApp; url: string }> {
  const app = await buildHttpApp(runtime.ctx, {
    logLevel: runtime.config.logLevel,
    bodyLimitBytes: runtime.config.bodyLimitBytes,
    collectProcessMetrics: true,
  });
  await app.listen({ host: runtime.config.host, port: runtime.config.port });
  return { app, url: runtime.config.publicBaseUrl };
}
