// Test mode only: the sandbox gateway's test cards, bank accounts and codes, and the sandbox
// identity provider's BVNs, shown right where the customer types them.
import {
  TEST_BANK_ACCOUNTS,
  TEST_BANK_BIRTHDAY,
  TEST_BANK_OTP,
  TEST_CARDS,
  TEST_MANDATE_ACCOUNTS,
} from '../../../src/gateway/sandbox/test-data.ts';

/** Sandbox BVNs: "221" and any 8 digits, born 1990-01-15 (src/identity/sandbox.ts). */
export const SANDBOX_BVN_DATE_OF_BIRTH = '1990-01-15';

export function freshSandboxBvn(): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b % 10).join('');
  return `221${digits}`;
}

export function BvnHint(props: { onUse: () => void }) {
  return (
    <div class="sandbox-hint">
      <strong>Test mode:</strong> any BVN starting with <code>221</code> (11 digits) with date of
      birth <code>{SANDBOX_BVN_DATE_OF_BIRTH}</code> is verified.{' '}
      <button type="button" onClick={props.onUse}>
        Fill in a test BVN
      </button>
    </div>
  );
}

export function CardHint() {
  const shown = TEST_CARDS.filter((card) =>
    ['4084084084084081', '4084080000005408', '4084080000670037'].includes(card.number),
  );
  return (
    <div class="sandbox-hint">
      <strong>Test mode:</strong> on the card page use
      <ul>
        {shown.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code> CVV <code>{card.cvv}</code>, any future expiry:{' '}
            {card.behaviour === 'success' ? 'approved' : card.behaviour.replace('_', ' ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BankHint() {
  return (
    <div class="sandbox-hint">
      <strong>Test mode accounts</strong> (OTP <code>{TEST_BANK_OTP}</code>, birthday{' '}
      <code>{TEST_BANK_BIRTHDAY}</code>):
      <ul>
        {TEST_BANK_ACCOUNTS.map((account) => (
          <li key={account.accountNumber}>
            bank <code>{account.bankCode}</code> account <code>{account.accountNumber}</code>:{' '}
            {account.description}
          </li>
        ))}
      </ul>
      <strong>Direct debit</strong> (a consent page, then the bank activates it), at any listed
      bank:
      <ul>
        {TEST_MANDATE_ACCOUNTS.map((account) => (
          <li key={account.accountNumber}>
            account <code>{account.accountNumber}</code>: {account.description}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function OtpHint(props: { step: 'otp' | 'birthday' | 'phone' }) {
  const value =
    props.step === 'otp'
      ? TEST_BANK_OTP
      : props.step === 'birthday'
        ? TEST_BANK_BIRTHDAY
        : '08031234567';
  return (
    <div class="sandbox-hint">
      <strong>Test mode:</strong> enter <code>{value}</code>.
    </div>
  );
}
