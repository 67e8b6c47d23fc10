export { disputeEventReceived } from './disputes.ts';
export { type MerchantDisputeNotice, merchantDisputeNotices } from './notices.ts';
export { registerDisputeRoutes } from './routes.ts';
