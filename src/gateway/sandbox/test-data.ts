/**
 * The sandbox's fixed world: Nigerian banks, test cards and test bank accounts. Everything a
 * developer may type into the sandbox is listed here (and in README.md), so behaviour is
 * deterministic and discoverable.
 */

export interface Bank {
  id: number;
  name: string;
  /** Used in a bank authorization's brand: "<shortName> Emandate" (Paystack's "Zenith Emandate"). */
  shortName: string;
  slug: string;
  code: string;
  longcode: string;
  /** Codes Paystack lists as supported for direct debit (fact sheet §6). */
  directDebit: boolean;
}

function bank(
  id: number,
  code: string,
  name: string,
  shortName: string,
  slug: string,
  longcode: string,
  directDebit: boolean,
): Bank {
  return { id, code, name, shortName, slug, longcode, directDebit };
}

export const BANKS: readonly Bank[] = [
  bank(1, '044', 'Access Bank', 'Access', 'access-bank', '044150149', true),
  bank(2, '063', 'Access Bank (Diamond)', 'Access', 'access-bank-diamond', '063150162', false),
  bank(3, '023', 'Citibank Nigeria', 'Citibank', 'citibank-nigeria', '023150005', true),
  bank(4, '050', 'Ecobank Nigeria', 'Ecobank', 'ecobank-nigeria', '050150010', true),
  bank(5, '070', 'Fidelity Bank', 'Fidelity', 'fidelity-bank', '070150003', true),
  bank(6, '011', 'First Bank of Nigeria', 'First Bank', 'first-bank-of-nigeria', '011151003', true),
  bank(7, '214', 'First City Monument Bank', 'FCMB', 'first-city-monument-bank', '214150018', true),
  bank(8, '00103', 'Globus Bank', 'Globus', 'globus-bank', '103015001', true),
  bank(9, '058', 'Guaranty Trust Bank', 'GTBank', 'guaranty-trust-bank', '058152036', true),
  bank(10, '030', 'Heritage Bank', 'Heritage', 'heritage-bank', '030159992', true),
  bank(11, '301', 'Jaiz Bank', 'Jaiz', 'jaiz-bank', '301080020', true),
  bank(12, '082', 'Keystone Bank', 'Keystone', 'keystone-bank', '082150017', true),
  bank(13, '50211', 'Kuda Bank', 'Kuda', 'kuda-bank', '', false),
  bank(14, '076', 'Polaris Bank', 'Polaris', 'polaris-bank', '076151006', true),
  bank(15, '105', 'PremiumTrust Bank', 'PremiumTrust', 'premiumtrust-bank-ng', '000031', true),
  bank(16, '101', 'Providus Bank', 'Providus', 'providus-bank', '', true),
  bank(17, '221', 'Stanbic IBTC Bank', 'Stanbic IBTC', 'stanbic-ibtc-bank', '221159522', true),
  bank(
    18,
    '068',
    'Standard Chartered Bank',
    'Standard Chartered',
    'standard-chartered-bank',
    '068150015',
    true,
  ),
  bank(19, '232', 'Sterling Bank', 'Sterling', 'sterling-bank', '232150016', true),
  bank(20, '100', 'Suntrust Bank', 'Suntrust', 'suntrust-bank', '', true),
  bank(21, '102', 'Titan Trust Bank', 'Titan', 'titan-bank', '', true),
  bank(22, '032', 'Union Bank of Nigeria', 'Union', 'union-bank-of-nigeria', '032080474', true),
  bank(23, '033', 'United Bank For Africa', 'UBA', 'united-bank-for-africa', '033153513', true),
  bank(24, '215', 'Unity Bank', 'Unity', 'unity-bank', '215154097', true),
  bank(25, '035', 'Wema Bank', 'Wema', 'wema-bank', '035150103', true),
  bank(26, '057', 'Zenith Bank', 'Zenith', 'zenith-bank', '057150013', true),
];

export function findBank(code: string): Bank | undefined {
  return BANKS.find((b) => b.code === code);
}

// ---------------------------------------------------------------------------------------------
// Cards (fact sheet §10)

/** What a card does once every validation step has passed; remembered on its authorization. */
export type CardBehaviour =
  'success' | 'declined' | 'insufficient_funds' | 'token_not_generated' | 'limited_funds';

/** Extra steps the hosted page asks for, in order. */
export type CardStep = 'pin' | 'phone' | 'otp' | 'bank_auth';

export type CardBrand = 'visa' | 'verve' | 'mastercard';

export interface TestCard {
  number: string;
  cvv: string;
  pin?: string;
  otp?: string;
  steps: readonly CardStep[];
  behaviour: CardBehaviour;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4084084084084081',
    cvv: '408',
    steps: [],
    behaviour: 'success',
    description: 'Success, no validation',
  },
  {
    number: '507850785078507812',
    cvv: '081',
    pin: '1111',
    steps: ['pin'],
    behaviour: 'success',
    description: 'Success with PIN',
  },
  {
    number: '5060666666666666666',
    cvv: '123',
    pin: '1234',
    otp: '123456',
    steps: ['pin', 'otp'],
    behaviour: 'success',
    description: 'Success with PIN and OTP',
  },
  {
    number: '507850785078507804',
    cvv: '884',
    pin: '0000',
    otp: '123456',
    steps: ['pin', 'phone', 'otp'],
    behaviour: 'success',
    description: 'Success with PIN, phone (10+ digits) and OTP',
  },
  {
    number: '4084080000000409',
    cvv: '000',
    steps: ['bank_auth'],
    behaviour: 'success',
    description: 'Bank authorization page (Approve or Decline)',
  },
  {
    number: '4084080000005408',
    cvv: '001',
    steps: [],
    behaviour: 'declined',
    description: 'Declined',
  },
  {
    number: '507850785078507853',
    cvv: '082',
    pin: '0000',
    steps: ['pin'],
    behaviour: 'token_not_generated',
    description: 'Token not generated (fails after PIN)',
  },
  {
    number: '4084080000670037',
    cvv: '787',
    steps: [],
    behaviour: 'insufficient_funds',
    description: 'Insufficient funds (later charges fail too)',
  },
  {
    number: '5399838383838381',
    cvv: '383',
    steps: [],
    behaviour: 'limited_funds',
    description:
      'Mastercard holding ₦5,000.00: larger charges fail, a partial debit takes what is there',
  },
];

export function findTestCard(cardNumber: string): TestCard | undefined {
  return TEST_CARDS.find((c) => c.number === cardNumber);
}

export function cardBrand(cardNumber: string): CardBrand {
  if (cardNumber.startsWith('5060') || cardNumber.startsWith('5078')) return 'verve';
  const firstTwo = Number(cardNumber.slice(0, 2));
  if (firstTwo >= 51 && firstTwo <= 55) return 'mastercard';
  return 'visa';
}

export interface BehaviourOutcome {
  status: 'success' | 'failed';
  gatewayResponse: string;
}

/** How a charge on a card with this behaviour ends (checkout and charge_authorization alike). */
export function cardOutcome(behaviour: CardBehaviour): BehaviourOutcome {
  switch (behaviour) {
    case 'success':
      return { status: 'success', gatewayResponse: 'Approved' };
    case 'declined':
      return { status: 'failed', gatewayResponse: 'Declined' };
    case 'insufficient_funds':
      return { status: 'failed', gatewayResponse: 'Insufficient Funds' };
    case 'token_not_generated':
      return {
        status: 'failed',
        gatewayResponse: 'Token Not Generated. Customer Not Registered on Token Platform',
      };
    // The hosted page's small verification charge fits the balance; later charges use
    // limitedFundsCharge.
    case 'limited_funds':
      return { status: 'success', gatewayResponse: 'Approved' };
  }
}

// ---------------------------------------------------------------------------------------------
// Limited funds and partial debits (fact sheet §17)

/** What the limited-funds card's authorization holds when it is created: ₦5,000.00. */
export const LIMITED_FUNDS_BALANCE_KOBO = 500_000;

export type LimitedFundsOutcome =
  | { status: 'success'; chargedKobo: number }
  | { status: 'failed'; gatewayResponse: 'Insufficient Funds' };

/**
 * A charge on an account holding `balanceKobo`. A full charge (`atLeastKobo` undefined and not a
 * partial debit) takes `amountKobo` or fails. A partial debit takes `amountKobo` when it is
 * there, else everything there is, as long as that reaches `atLeastKobo` (any positive amount
 * when no `at_least` was sent); below it, it fails "Insufficient Funds" and takes nothing.
 */
export function limitedFundsCharge(
  balanceKobo: number,
  amountKobo: number,
  partial: { atLeastKobo: number | undefined } | null,
): LimitedFundsOutcome {
  if (balanceKobo >= amountKobo) return { status: 'success', chargedKobo: amountKobo };
  if (partial !== null && balanceKobo > 0 && balanceKobo >= (partial.atLeastKobo ?? 1)) {
    return { status: 'success', chargedKobo: balanceKobo };
  }
  return { status: 'failed', gatewayResponse: 'Insufficient Funds' };
}

/** Paystack: partial debits are "only available for Mastercard and Verve at the moment" (§17). */
export function partialDebitBrand(brand: string): boolean {
  return brand === 'mastercard' || brand === 'verve';
}

/**
 * Whether the authorization a card leaves behind can be charged again. Deviation from Paystack:
 * the insufficient-funds card is tokenised as reusable (the card is valid, only the balance is
 * short), so tests can watch later charge_authorization calls fail with "Insufficient Funds".
 */
export function cardIsReusable(behaviour: CardBehaviour): boolean {
  return (
    behaviour === 'success' || behaviour === 'insufficient_funds' || behaviour === 'limited_funds'
  );
}

export const TEST_PHONE_MIN_DIGITS = 10;

// ---------------------------------------------------------------------------------------------
// Bank accounts for POST /charge (pay with bank)

/**
 * The first thing a bank account asks for after POST /charge:
 * - `otp`: send_otp, then (by account) birthday or phone, then success;
 * - `open_url`: the customer approves on the bank-auth page;
 * - `pending`: answers pending, settles to success after the settle delay;
 * - `insufficient_funds`: fails at once.
 */
export type BankAccountScenario =
  | { kind: 'otp'; then: 'none' | 'birthday' | 'phone' }
  | { kind: 'open_url' }
  | { kind: 'pending' }
  | { kind: 'insufficient_funds' };

export interface TestBankAccount {
  bankCode: string;
  accountNumber: string;
  scenario: BankAccountScenario;
  description: string;
}

export const TEST_BANK_OTP = '123456';
export const TEST_BANK_BIRTHDAY = '2006-09-06';

export const TEST_BANK_ACCOUNTS: readonly TestBankAccount[] = [
  {
    bankCode: '057',
    accountNumber: '0000000000',
    scenario: { kind: 'otp', then: 'none' },
    description: 'send_otp → 123456 → success',
  },
  {
    bankCode: '058',
    accountNumber: '0000000001',
    scenario: { kind: 'otp', then: 'birthday' },
    description: 'send_otp → 123456 → send_birthday → 2006-09-06 → success',
  },
  {
    bankCode: '033',
    accountNumber: '0000000002',
    scenario: { kind: 'otp', then: 'phone' },
    description: 'send_otp → 123456 → send_phone → 0XXXXXXXXXX or +234XXXXXXXXXX → success',
  },
  {
    bankCode: '044',
    accountNumber: '0000000003',
    scenario: { kind: 'open_url' },
    description: 'open_url → approve on the bank-auth page → success',
  },
  {
    bankCode: '035',
    accountNumber: '0000000004',
    scenario: { kind: 'pending' },
    description: 'pending → success after the settle delay',
  },
  {
    bankCode: '011',
    accountNumber: '0000000005',
    scenario: { kind: 'insufficient_funds' },
    description: 'failed "Insufficient funds" at once',
  },
];

/** Any other account at a direct-debit bank behaves like Zenith 0000000000. */
export function bankAccountScenario(bankCode: string, accountNumber: string): BankAccountScenario {
  const known = TEST_BANK_ACCOUNTS.find(
    (a) => a.bankCode === bankCode && a.accountNumber === accountNumber,
  );
  return known?.scenario ?? { kind: 'otp', then: 'none' };
}

/** A Nigerian mobile number: 11 digits starting with 0, or +234 and 10 digits. */
export function isNigerianPhone(phone: string): boolean {
  const compact = phone.replace(/[\s-]/g, '');
  return /^0\d{10}$/.test(compact) || /^\+234\d{10}$/.test(compact);
}

// ---------------------------------------------------------------------------------------------
// Transfers

/**
 * A transfer's fate is decided by the recipient's account number: `…9999` fails, `…8888`
 * succeeds and is reversed a moment later, anything else succeeds.
 */
export type TransferScenario = 'success' | 'failed' | 'reversed';

export function transferScenario(accountNumber: string): TransferScenario {
  if (accountNumber.endsWith('9999')) return 'failed';
  if (accountNumber.endsWith('8888')) return 'reversed';
  return 'success';
}

// ---------------------------------------------------------------------------------------------
// Direct Debit mandates (fact sheet §13)

/**
 * GET /bank/resolve: the account name the sandbox's banks hold. A 10-digit NUBAN at a listed bank
 * resolves, to a name from this table or else `TRANCHE TEST ACCOUNT <last 4>`; one ending in
 * `0404` does not (Paystack's 422 "Could not resolve account name"), so a mistyped account can be
 * shown.
 */
export const TEST_ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  '0123456789': 'BALOGUN MARKET FABRICS LTD',
  '0123456783': 'ADE STORES ENTERPRISES',
  '0000000000': 'OKONKWO ADAEZE',
};

export function resolvedAccountName(bankCode: string, accountNumber: string): string | undefined {
  if (!/^\d{10}$/.test(accountNumber) || accountNumber.endsWith('0404')) return undefined;
  if (!BANKS.some((bank) => bank.code === bankCode)) return undefined;
  return TEST_ACCOUNT_NAMES[accountNumber] ?? `TRANCHE TEST ACCOUNT ${accountNumber.slice(-4)}`;
}

/**
 * What happens after the customer approves a mandate on the consent page, by account number (at
 * any direct-debit bank):
 * - `activates`: `pending`, then `active` (+ `direct_debit.authorization.active`) after the
 *   activation delay;
 * - `activation_fails`: stays `pending`; the bank's ₦50 check never passes, and an activation
 *   charge retry fails the same way (Paystack documents no failure event, §13.4);
 * - `revoked_later`: activates like `activates`, then the bank revokes it one activation delay
 *   later: `revoked` in the mandate lists, the authorization deactivated, and no webhook (Paystack
 *   documents none, §13.6).
 */
export type MandateScenario = 'activates' | 'activation_fails' | 'revoked_later';

export const TEST_MANDATE_ACCOUNTS: readonly {
  accountNumber: string;
  scenario: MandateScenario;
  description: string;
}[] = [
  {
    accountNumber: '0000000010',
    scenario: 'activates',
    description: 'approve → pending → active after the activation delay',
  },
  {
    accountNumber: '0000000011',
    scenario: 'activation_fails',
    description: 'approve → pending for good (the activation check fails)',
  },
  {
    accountNumber: '0000000012',
    scenario: 'revoked_later',
    description: 'approve → active → revoked by the bank one delay later (no webhook)',
  },
];

/** Any other account activates. */
export function mandateScenario(accountNumber: string): MandateScenario {
  return (
    TEST_MANDATE_ACCOUNTS.find((a) => a.accountNumber === accountNumber)?.scenario ?? 'activates'
  );
}
