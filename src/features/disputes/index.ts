export { disputeEventReceived } from './disputes.ts';
export { registerDisputeRoutes } from './routes.ts';
export { syncDisputes, syncDisputesTask } from './sync.ts';
