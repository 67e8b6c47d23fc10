import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { sendSignInCode } from './sign-in-codes.ts';

/** Texts or e-mails a requested one-time code (queued with the request; decision 0053). */
export function sendSignInCodeTask(deps: JobDeps): Task {
  return typedTask('send_sign_in_code', async ({ code_id: codeId }, helpers) => {
    const outcome = await sendSignInCode(
      {
        db: deps.db,
        clock: deps.clock,
        secretBox: deps.app.secretBox,
        channels: deps.notificationChannels,
      },
      codeId,
    );
    helpers.logger.info(`sign-in code ${codeId}: ${outcome}`);
  });
}
