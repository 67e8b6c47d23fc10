/**
 * Calls `attempt` every `intervalMs` until it returns a value other than undefined, or until
 * `stop()` is called. Used for gateway steps that finish in another window (card page, bank page).
 */
export function poll<T>(
  attempt: () => Promise<T | undefined>,
  intervalMs: number,
  onDone: (value: T) => void,
  onError: (error: unknown) => void,
): { stop: () => void; now: () => void } {
  const state = { stopped: false, running: false };
  // Read through a call: `stop()` may flip it while an attempt is awaited.
  const stopped = (): boolean => state.stopped;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    if (state.stopped || state.running) return;
    state.running = true;
    clearTimeout(timer);
    let value: T | undefined;
    try {
      value = await attempt();
    } catch (error) {
      state.running = false;
      if (!stopped()) {
        state.stopped = true;
        onError(error);
      }
      return;
    }
    state.running = false;
    if (stopped()) return;
    if (value !== undefined) {
      state.stopped = true;
      onDone(value);
      return;
    }
    timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return {
    stop: () => {
      state.stopped = true;
      clearTimeout(timer);
    },
    now: () => void tick(),
  };
}
