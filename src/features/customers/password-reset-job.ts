import type { Task } from 'graphile-worker';
import { sendPasswordReset } from './password-resets.ts';
import type { JobDeps } from '../../jobs/deps.ts';

/** E-mails a requested password reset link (queued with the request; decision 0024). */
export function sendPasswordResetTask(deps: JobDeps): Task {
  return async (payload, helpers) => {
    const resetId =
      typeof payload === 'object' && payload !== null && 'reset_id' in payload
        ? String(payload.reset_id)
        : '';
    if (!resetId) throw new Error('send_password_reset needs a reset_id');
    const outcome = await sendPasswordReset(
      {
        db: deps.db,
        clock: deps.clock,
        email: deps.notificationChannels.email,
        publicBaseUrl: deps.app.settings.publicBaseUrl,
      },
      resetId,
    );
    helpers.logger.info(`password reset ${resetId}: ${outcome}`);
  };
}
