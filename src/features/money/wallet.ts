import type { Static } from 'typebox';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import { type LedgerAccount } from '../../domain/ledger.ts';
import { merchantWallet } from '../../domain/ledger-balances.ts';
import { accountBalances, type LedgerEntryRow, merchantEntries } from './ledger-store.ts';
import type { Wallet, WalletTransaction } from './schemas.ts';

/**
 * The merchant wallet (spec §4.3): balances read from the ledger and the history of the entries
 * that moved them. *available* is what a payout may take (collected net); *pending* is the gross
 * of live plans not collected yet; money on its way out is shown apart.
 */
export type WalletTransactionView = Static<typeof WalletTransaction>;

export type WalletView = Static<typeof Wallet>;

const merchantAccounts = (merchantId: string): LedgerAccount[] => [
  { kind: 'merchant_payable', merchantId },
  { kind: 'merchant_pending', merchantId },
  { kind: 'payouts_in_transit', merchantId },
  { kind: 'refunds_in_transit', merchantId },
];

function encodeCursor(entry: LedgerEntryRow): string {
  return Buffer.from(`${entry.createdAt.toISOString()}|${entry.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !id.startsWith('je_')) {
    throw new DomainError('invalid_request', 'cursor is not one this API returned.');
  }
  return { createdAt, id };
}

/** One ledger entry as the merchant's wallet history shows it (the wallet and its export). */
export function transactionView(entry: LedgerEntryRow, merchantId: string): WalletTransactionView {
  const change = (key: string) =>
    entry.postings
      .filter((p) => p.account === key)
      .reduce((sum, p) => sum + p.creditKobo - p.debitKobo, 0);
  const planAccount = entry.postings.find((p) => p.account.startsWith('customer_receivable:'));
  // A bank-transfer part (decision 0071) is money collected like a charge; its reference is the part's.
  const collected = entry.kind === 'payment_collected' || entry.kind === 'transfer_collected';
  const family = entry.kind.split('_')[0];
  return {
    id: entry.id,
    object: 'wallet_transaction',
    type: entry.kind,
    reference: entry.reference,
    created_at: entry.createdAt.toISOString(),
    available_change: change(`merchant_payable:${merchantId}`),
    pending_change: change(`merchant_pending:${merchantId}`),
    gross: collected
      ? entry.postings
          .filter((p) => p.account === 'gateway_clearing')
          .reduce((sum, p) => sum + p.debitKobo, 0)
      : null,
    platform_fee: collected ? change('platform_fee_revenue') : null,
    plan_id: planAccount ? planAccount.account.slice('customer_receivable:'.length) : null,
    charge_reference: collected ? entry.reference : null,
    payout_reference: family === 'payout' ? entry.reference : null,
    refund_reference:
      family === 'refund' || entry.kind === 'receivable_reduced' ? entry.reference : null,
  };
}

export async function getWallet(
  ctx: AppContext,
  merchantId: string,
  page: { limit: number; cursor?: string },
): Promise<WalletView> {
  const before = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const [balances, entries] = await Promise.all([
    accountBalances(ctx.db, merchantAccounts(merchantId)),
    merchantEntries(ctx.db, merchantId, { limit: page.limit + 1, ...(before && { before }) }),
  ]);
  const wallet = merchantWallet(balances, merchantId);
  const shown = entries.slice(0, page.limit);
  const last = shown.at(-1);
  const hasMore = entries.length > page.limit;
  return {
    object: 'wallet',
    merchant_id: merchantId,
    livemode: ctx.settings.gatewayLivemode,
    currency: 'NGN',
    available: wallet.availableKobo,
    pending: wallet.pendingKobo,
    payouts_in_transit: wallet.payoutsInTransitKobo,
    refunds_in_transit: wallet.refundsInTransitKobo,
    transactions: shown.map((entry) => transactionView(entry, merchantId)),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(last) : null,
  };
}
