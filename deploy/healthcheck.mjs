/* global fetch, AbortSignal -- Node 22 globals; this file runs outside the TypeScript project */
// The image's HEALTHCHECK: a live process answers /healthz on its own port. The API listens on
// PORT, the worker on WORKER_METRICS_PORT; one image runs either, so try the API's first.
// Exit 0 when healthy, 1 otherwise (what Docker and Podman expect).
const ports = [process.env.PORT ?? '3000', process.env.WORKER_METRICS_PORT ?? '9464'];
for (const port of ports) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(2000),
    });
    process.exit(response.ok ? 0 : 1);
  } catch {
    // Nothing on this port: the other kind of process, perhaps.
  }
}
process.exit(1);
