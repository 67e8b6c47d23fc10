export { successRedirectUrl } from './payment-links.ts';
export { registerPaymentLinkRoutes, sendInvalidPayAddressPage } from './routes.ts';
