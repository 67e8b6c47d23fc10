export { listMemberActions, recordMemberAction } from './audit.ts';
export { sendTeamInvitationTask } from './invitation-job.ts';
export { registerTeamRoutes } from './routes.ts';
