// Bench child: the Tranche API exactly as `tranche api` starts it (openRuntime + startApi), with
// its settings from the environment the bench script passes (DATABASE_URL, PORT=0,
// LOG_LEVEL=silent, a raised RATE_LIMIT_SANDBOX_PER_MIN). Not run by hand.
import { startApi } from '../src/main/api.ts';
import { openRuntime } from '../src/main/runtime.ts';
import { loadConfig } from '../src/platform/config.ts';
import { serveForParent } from './processes.ts';

await serveForParent(async () => {
  const runtime = await openRuntime(loadConfig(process.env), {
    migrate: true,
    log: () => undefined,
  });
  try {
    const { app } = await startApi(runtime);
    return {
      server: app.server,
      close: async () => {
        await app.close();
        await runtime.close();
      },
    };
  } catch (error) {
    await runtime.close();
    throw error;
  }
});
