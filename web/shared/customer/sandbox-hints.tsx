// Test mode only: the sandbox gateway's test cards, bank accounts and codes, shown right where the
// customer types them. The identity step takes its test BVNs from the API instead
// (GET /customers/me/identity/consent-text), since they depend on the identity provider.
import {
  TEST_BANK_ACCOUNTS,
  TEST_BANK_BIRTHDAY,
  TEST_BANK_OTP,
  TEST_CARDS,
  TEST_MANDATE_ACCOUNTS,
} from '../../../src/gateway/sandbox/test-data.ts';

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
