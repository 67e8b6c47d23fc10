export { ensureTransferAccount } from './accounts.ts';
export { receiveTransfer, type TransferOutcome } from './receive.ts';
export { registerTransferRoutes } from './routes.ts';
