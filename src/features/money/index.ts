export { checkpointBalances, checkpointBalancesTask } from './balance-checkpoints.ts';
export { checkLedger } from './ledger-check.ts';
export {
  accountBalances,
  appendJournalEntries,
  appendJournalEntry,
  availableThrough,
  merchantEntriesInOrder,
  type SequencedEntry,
} from './ledger-store.ts';
export {
  checkPayoutOtpsTask,
  payoutSweepTask,
  sendPayoutTask,
  verifyPayoutTask,
} from './payout-jobs.ts';
export {
  checkPayoutOtps,
  listPayoutsAwaitingOtp,
  PAYOUT_OTP_TIMEOUT_MS,
  resendPayoutOtp,
  submitPayoutOtp,
} from './payout-otp.ts';
export { registerPayoutRoutes } from './payout-routes.ts';
export { applyTransferOutcome, payoutView } from './payouts.ts';
export { reconcileTask } from './reconcile-job.ts';
export { reconcile, reconcileForOperator } from './reconciliation.ts';
export { Payout } from './schemas.ts';
export { transactionView } from './wallet.ts';
export { registerWalletRoutes } from './wallet-routes.ts';
