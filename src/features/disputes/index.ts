export { disputeEventReceived } from './disputes.ts';
export { checkRecentReversals, checkReversalsTask } from './reversal-job.ts';
export { checkChargeReversal, type ReversalCheck } from './reversals.ts';
export { registerDisputeRoutes } from './routes.ts';
export { syncDisputes, syncDisputesTask } from './sync.ts';
