export { checkoutFrameAncestors } from './embedding.ts';
export { expireCheckoutSessionsTask } from './expire-sessions-job.ts';
export { registerPlanChoiceRoutes } from './plan-choice-routes.ts';
export { constraintsFromStored } from './plan-preview.ts';
export { registerCheckoutPreviewRoutes } from './preview-routes.ts';
export { registerCheckoutSessionRoutes } from './session-routes.ts';
export { checkoutUrl } from './session-view.ts';
export { orderAlreadyCompleted } from './sessions.ts';
