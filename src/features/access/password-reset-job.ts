import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { sendPasswordReset } from './password-resets.ts';

/** E-mails a requested password reset link, a customer's or a merchant's (decisions 0024, 0058). */
export function sendPasswordResetTask(deps: JobDeps): Task {
  return typedTask('send_password_reset', async ({ reset_id: resetId }, helpers) => {
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
  });
}
