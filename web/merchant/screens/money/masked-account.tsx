import type { Bank, SettlementAccount } from '../../api/money.ts';

function bankName(banks: readonly Bank[] | undefined, code: string): string {
  return banks?.find((bank) => bank.code === code)?.name ?? `Bank ${code}`;
}

/** An account number as the page shows it: only its last four digits. */
export function MaskedAccount(props: {
  banks: readonly Bank[] | undefined;
  account: SettlementAccount;
}) {
  const { account } = props;
  return (
    <strong class="money-account">
      {bankName(props.banks, account.bank_code)}{' '}
      <span aria-hidden="true">******{account.account_number.slice(-4)}</span>
      <span class="visually-hidden">
        account ending in {account.account_number.slice(-4).split('').join(' ')}
      </span>
    </strong>
  );
}
