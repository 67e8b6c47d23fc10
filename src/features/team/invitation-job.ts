import type { Task } from 'graphile-worker';

import type { JobDeps } from '../../jobs/deps.ts';
import { typedTask } from '../../jobs/tasks.ts';
import { sendTeamInvitation } from './invitations.ts';

/** E-mails a team invitation's link (decision 0064). */
export function sendTeamInvitationTask(deps: JobDeps): Task {
  return typedTask('send_team_invitation', async ({ member_id: memberId }, helpers) => {
    const outcome = await sendTeamInvitation(
      {
        db: deps.db,
        clock: deps.clock,
        email: deps.notificationChannels.email,
        publicBaseUrl: deps.app.settings.publicBaseUrl,
      },
      memberId,
    );
    helpers.logger.info(`team invitation ${memberId}: ${outcome}`);
  });
}
