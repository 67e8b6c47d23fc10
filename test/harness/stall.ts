/**
 * A busy machine, simulated in the test process (a vitest setup file): with TEST_STALL_MS set,
 * the event loop is blocked for that long at every other such interval, as when the process is
 * not scheduled. Everything in the process stalls, the servers a test starts in it included. A
 * timing test that waits on its events passes with it; one that bets on a duration fails:
 *   TEST_STALL_MS=1500 npx vitest run test/integration/webhooks.test.ts
 */
const stallMs = Number(process.env.TEST_STALL_MS ?? 0);
if (stallMs > 0) {
  setInterval(() => {
    const until = Date.now() + stallMs;
    while (Date.now() < until) {
      // Busy: the point is that nothing else runs.
    }
  }, stallMs * 2).unref();
}
