import { useRef, useState } from 'preact/hooks';

import { messageOf } from './message-of.ts';

export interface AsyncAction {
  /** From `run` until its action settles: what disables the button and switches its label. */
  busy: boolean;
  /** The last failure in words; `run` clears it when it starts. */
  error: string | undefined;
  /** For what the screen finds wrong itself, before or beside the call. */
  setError: (message: string | undefined) => void;
  /**
   * Runs `action` unless one is running (a second press would repeat the call); a throw becomes
   * `error`. True when the action finished, false when it threw or did not run.
   */
  run: (action: () => Promise<void>) => Promise<boolean>;
}

/** A button's call to the API: busy while it runs, the failure in words after. */
export function useAsyncAction(
  options: {
    /** The words for a failure: the API's own by default. */
    describe?: (caught: unknown) => string;
    /**
     * For a call whose success takes the person elsewhere (signed in, a form closed): the button
     * stays busy until the next screen replaces this one, rather than inviting a second press.
     */
    keepBusyOnSuccess?: boolean;
  } = {},
): AsyncAction {
  const { describe = (caught: unknown) => messageOf(caught), keepBusyOnSuccess = false } = options;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The state above is a render behind: two presses in one frame would both see busy false.
  const running = useRef(false);

  async function run(action: () => Promise<void>): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (caught) {
      setError(describe(caught));
      running.current = false;
      setBusy(false);
      return false;
    }
    if (!keepBusyOnSuccess) {
      running.current = false;
      setBusy(false);
    }
    return true;
  }

  return { busy, error, setError, run };
}
