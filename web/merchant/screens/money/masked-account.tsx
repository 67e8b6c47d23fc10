import type { Bank, SettlementAccount } from '../../api/money.ts';

function bankName(banks: readonly Bank[] | undefined, code: string): string {
  return banks?.find((bank) => bank.code === code)?.name ?? `Bank ${code}`;
}

/** The account in one line of plain words, for a question: "Guaranty Trust Bank ******6789 (ADA OBI)". */
export function accountWords(
  banks: readonly Bank[] | undefined,
  account: SettlementAccount,
): string {
  const name = account.account_name === null ? '' : ` (${account.account_name})`;
  return `${bankName(banks, account.bank_code)} ******${account.account_number.slice(-4)}${name}`;
}

/** An account number as the page shows it: only its last four digits, and the holder's name. */
export function MaskedAccount(props: {
  banks: readonly Bank[] | undefined;
  /** A payout's account has no name: it is the number the payout went to. */
  account: Pick<SettlementAccount, 'bank_code' | 'account_number'> & {
    account_name?: string | null;
  };
}) {
  const { account } = props;
  return (
    <strong class="money-account">
      {bankName(props.banks, account.bank_code)}{' '}
      <span aria-hidden="true">******{account.account_number.slice(-4)}</span>
      {account.account_name != null && <> ({account.account_name})</>}
      <span class="visually-hidden">
        account ending in {account.account_number.slice(-4).split('').join(' ')}
      </span>
    </strong>
  );
}
