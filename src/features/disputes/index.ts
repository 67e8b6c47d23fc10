export { disputeEventReceived } from './disputes.ts';
export { registerDisputeRoutes } from './routes.ts';
