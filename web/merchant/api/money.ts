// The dashboard's Money calls: the wallet and its history, payouts, the settlement account and the
// banks it may be at, on `MerchantApi.request()`. Types come from the TypeBox schemas the API
// validates and serialises with. The wallet and payouts have the mode of Tranche's gateway key
// (decision 0015), not the mode being looked at: no `livemode` is sent, the wallet says its own.
import type { Static } from 'typebox';

import type {
  Payout as PayoutSchema,
  Wallet as WalletSchema,
  WalletTransaction as WalletTransactionSchema,
} from '../../../src/features/money/schemas.ts';
import type { Bank as BankSchema } from '../../../src/features/payment-methods/schemas.ts';
import type { MerchantApi, MerchantRecord } from './index.ts';

export type Wallet = Static<typeof WalletSchema>;
export type WalletTransaction = Static<typeof WalletTransactionSchema>;
export type Payout = Static<typeof PayoutSchema>;
export type Bank = Static<typeof BankSchema>;
export type SettlementAccount = NonNullable<MerchantRecord['settlement_account']>;

const enc = encodeURIComponent;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * `GET /merchant/{id}/wallet`: the balances and one page of the history, newest first; pass the
 * answer's `next_cursor` as `cursor` for the next page.
 */
export async function getWallet(
  api: MerchantApi,
  merchantId: string,
  page: { limit?: number; cursor?: string } = {},
): Promise<Wallet> {
  const path = `/merchant/${enc(merchantId)}/wallet${query({ limit: page.limit, cursor: page.cursor })}`;
  return (await api.request<{ data: Wallet }>('GET', path)).data;
}

/** `GET /merchant/{id}/payouts`: the most recent payouts, newest first. */
export async function listPayouts(
  api: MerchantApi,
  merchantId: string,
  limit?: number,
): Promise<Payout[]> {
  const path = `/merchant/${enc(merchantId)}/payouts${query({ limit })}`;
  return (await api.request<{ data: Payout[] }>('GET', path)).data;
}

/**
 * `POST /merchant/{id}/payouts`: pays `amountKobo` to the settlement account, or the whole
 * available balance when it is left out. (The route takes no Idempotency-Key: the amount leaves
 * the available balance when the payout is created, so a repeat cannot pay more than there is.)
 */
export async function requestPayout(
  api: MerchantApi,
  merchantId: string,
  amountKobo: number | undefined,
  /** The member's two-factor code (decision 0065): every payout from the dashboard needs one. */
  twoFactorCode: string,
): Promise<Payout> {
  const body = amountKobo === undefined ? {} : { amount: amountKobo };
  return (
    await api.request<{ data: Payout }>('POST', `/merchant/${enc(merchantId)}/payouts`, body, {
      'two-factor-code': twoFactorCode,
    })
  ).data;
}

/**
 * `PATCH /merchant/{id}/settings { settlement_account }`: shared by both modes, so no
 * `livemode`; `null` removes the account (scheduled payouts then stop).
 */
/**
 * Sets where payouts go; the dashboard proves it is the member with the password (decision 0057)
 * and a two-factor code (decision 0065).
 */
export async function setSettlementAccount(
  api: MerchantApi,
  merchantId: string,
  account: Pick<SettlementAccount, 'bank_code' | 'account_number'> | null,
  password: string,
  twoFactorCode: string,
): Promise<MerchantRecord> {
  return (
    await api.request<{ data: MerchantRecord }>(
      'PATCH',
      `/merchant/${enc(merchantId)}/settings`,
      { settlement_account: account, password },
      { 'two-factor-code': twoFactorCode },
    )
  ).data;
}

/** `GET …/settlement-account/check`: the bank's name for an account, before it is saved. */
export async function checkSettlementAccount(
  api: MerchantApi,
  merchantId: string,
  account: Pick<SettlementAccount, 'bank_code' | 'account_number'>,
): Promise<string> {
  const path = `/merchant/${enc(merchantId)}/settlement-account/check${query(account)}`;
  return (await api.request<{ data: { account_name: string } }>('GET', path)).data.account_name;
}

/** `GET /banks`: every bank a payout can reach, by name, with its CBN code. */
export async function listBanks(api: MerchantApi): Promise<Bank[]> {
  return (await api.request<{ data: Bank[] }>('GET', '/banks')).data;
}
