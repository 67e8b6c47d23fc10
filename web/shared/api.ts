// The one typed client every page uses for the public JSON API. Response types come from the
// TypeBox schemas that validate and serialise the responses on the server.
import type { Static } from 'typebox';

import type { Preview } from '../../src/features/checkout/schemas.ts';
import type { CheckoutSession } from '../../src/features/checkout/schemas.ts';
import type { CreditCheck } from '../../src/features/credit/schemas.ts';
import type { NotificationPreferences } from '../../src/features/customer-notifications/schemas.ts';
import type { CustomerSession } from '../../src/features/customers/schemas.ts';
import type {
  CustomerHardship,
  HardshipDecisionResult,
} from '../../src/features/hardship/schemas.ts';
import type { ConsentTextView, Identity } from '../../src/features/identity/schemas.ts';
import type { MandateStep, PaymentMethod } from '../../src/features/payment-methods/schemas.ts';
import type { Plan } from '../../src/features/plans/schemas.ts';
import type { Eligibility, Trust } from '../../src/features/trust/schemas.ts';
import { JsonApi, MemoryTokens, type TokenStore } from './json-api.ts';

export { ApiError } from './json-api.ts';

export type Session = Static<typeof CheckoutSession>;
export type SchedulePreview = Static<typeof Preview>;
export type EligibilityResult = Static<typeof Eligibility>;
export type IdentityStatus = Static<typeof Identity>;
export type IdentityConsentText = Static<typeof ConsentTextView>;
export type CreditCheckStatus = Static<typeof CreditCheck>;
export type TrustSummary = Static<typeof Trust>;
export type Method = Static<typeof PaymentMethod>;
export type MandateStepResult = Static<typeof MandateStep>;
export type PaymentPlan = Static<typeof Plan>;
export type PlanHardship = Static<typeof CustomerHardship>;
export type HardshipAnswer = Static<typeof HardshipDecisionResult>;
export type HardshipAsk =
  | { kind: 'move_due_date'; installment_id: string; new_due_date: string; reason?: string }
  | { kind: 'spread'; extra_installments: number; reason?: string };
export type SignedIn = Static<typeof CustomerSession>;
export type Customer = SignedIn['customer'];

export interface SignInCodeRequested {
  channel: 'sms' | 'email';
  code_expires_in_minutes: number;
  resend_after_seconds: number;
}

export interface RememberedDeviceView {
  id: string;
  merchant_name: string;
  label: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export interface RememberedDeviceStatus {
  remembered: boolean;
  first_name: string | null;
  email_hint: string | null;
}
export type Frequency = SchedulePreview['frequency'];
export interface Bank {
  name: string;
  code: string;
}
export interface PlanChoice {
  frequency: Frequency;
  installment_count: number;
  upfront_pct: number;
}
export type Preferences = Static<typeof NotificationPreferences>;
export type PreferenceTopic = keyof Preferences['email'];
/** A notice from GET /customers/me/notifications: `message` is ready to show. */
export interface Notice {
  id: string;
  kind: string;
  message: string;
  data: Record<string, unknown>;
  created_at: string;
  read_at: string | null;
}
/** GET /customers/me/plans/{id}/transfer-account: where to send a bank transfer (decision 0071). */
export interface TransferAccount {
  object: 'transfer_account';
  plan_id: string;
  account_number: string;
  account_name: string;
  bank_name: string;
  currency: 'NGN';
  amount_due_now: number;
  amount_remaining: number;
  next_installment: { due_at: string; amount: number } | null;
}
/** What pay-now and pay-off answer: the plan after, and each installment's outcome. */
export interface PaymentOutcome {
  payment_plan: PaymentPlan;
  payments: {
    installment_id: string;
    outcome: 'paid' | 'failed' | 'pending' | 'error';
    message: string | null;
  }[];
}
export interface Confirmation {
  payment_plan_id: string;
  plan: PaymentPlan;
  redirect_url: string | null;
}

/**
 * The customer's side of /api/v1 (checkout and customer dashboard). The checkout keeps the
 * customer's tokens in memory only (never in storage or URLs); the dashboard in the tab's
 * sessionStorage (decision 0021). An expired access token is refreshed once, transparently.
 */
export class ApiClient {
  private readonly http: JsonApi;
  private readonly tokens: TokenStore;

  constructor(options: { base?: string; tokens?: TokenStore } = {}) {
    this.tokens = options.tokens ?? new MemoryTokens();
    this.http = new JsonApi({
      base: options.base ?? '/api/v1',
      refreshPath: '/customers/token/refresh',
      signOutPath: '/customers/logout',
      tokens: this.tokens,
    });
  }

  /** Copies the current tokens into another store (the full-page checkout handing over to /dashboard). */
  keepSessionIn(store: TokenStore): void {
    const tokens = this.tokens.load();
    if (tokens) store.save(tokens);
  }

  get signedIn(): boolean {
    return this.http.signedIn;
  }

  /** Ends the login on the server, then forgets it here (decision 0034). */
  signOut(): Promise<void> {
    return this.http.signOut();
  }

  private remember(session: SignedIn): SignedIn {
    this.http.remember(session);
    return session;
  }

  private send<T>(method: string, path: string, body?: unknown, auth = false): Promise<T> {
    return this.http.send<T>(method, path, body, auth);
  }

  async session(token: string): Promise<Session> {
    return (await this.send<{ data: Session }>('GET', `/checkout/sessions/${enc(token)}`)).data;
  }

  async preview(sessionToken: string, choice: PlanChoice): Promise<SchedulePreview> {
    const body = { session_token: sessionToken, ...choice };
    return (await this.send<{ data: SchedulePreview }>('POST', '/checkout/preview', body)).data;
  }

  async signIn(email: string, password: string): Promise<SignedIn> {
    const body = { email, password };
    return this.remember(
      (await this.send<{ data: SignedIn }>('POST', '/customers/login', body)).data,
    );
  }

  /** Always resolves alike, account or not (decision 0053). `to` is a phone number or an e-mail. */
  async requestSignInCode(to: { phone: string } | { email: string }): Promise<SignInCodeRequested> {
    return (await this.send<{ data: SignInCodeRequested }>('POST', '/customers/sign-in-code', to))
      .data;
  }

  async signInWithCode(to: { phone: string } | { email: string }, code: string): Promise<SignedIn> {
    const body = { ...to, code };
    return this.remember(
      (await this.send<{ data: SignedIn }>('POST', '/customers/sign-in-code/verify', body)).data,
    );
  }

  /** Texts a code to the account's phone; the customer when it is already verified (0053). */
  async requestPhoneVerification(): Promise<{ phone_hint?: string }> {
    const path = '/customers/me/phone/verification';
    return (await this.send<{ data: { phone_hint?: string } }>('POST', path, undefined, true)).data;
  }

  async confirmPhoneVerification(code: string): Promise<Customer> {
    const path = '/customers/me/phone/verification/confirm';
    return (await this.send<{ data: Customer }>('POST', path, { code }, true)).data;
  }

  async rememberedDevices(): Promise<RememberedDeviceView[]> {
    const path = '/customers/me/remembered-devices';
    return (await this.send<{ data: RememberedDeviceView[] }>('GET', path, undefined, true)).data;
  }

  async revokeRememberedDevice(id: string): Promise<void> {
    await this.send('DELETE', `/customers/me/remembered-devices/${enc(id)}`, undefined, true);
  }

  /** Whether this browser is remembered for the session's shop (decision 0054). */
  async rememberedDevice(sessionToken: string): Promise<RememberedDeviceStatus> {
    const path = `/customers/remembered-device?session_token=${enc(sessionToken)}`;
    return (
      await this.http.send<{ data: RememberedDeviceStatus }>(
        'GET',
        path,
        undefined,
        false,
        false,
        {},
        'same-origin',
      )
    ).data;
  }

  async rememberThisDevice(sessionToken: string): Promise<void> {
    const body = { session_token: sessionToken };
    await this.http.send(
      'POST',
      '/customers/me/remembered-devices',
      body,
      true,
      false,
      {},
      'same-origin',
    );
  }

  async continueOnRememberedDevice(sessionToken: string): Promise<SignedIn> {
    const body = { session_token: sessionToken };
    return this.remember(
      (
        await this.http.send<{ data: SignedIn }>(
          'POST',
          '/customers/remembered-device/continue',
          body,
          false,
          false,
          {},
          'same-origin',
        )
      ).data,
    );
  }

  async forgetRememberedDevice(sessionToken: string): Promise<void> {
    const body = { session_token: sessionToken };
    await this.http.send(
      'POST',
      '/customers/remembered-device/forget',
      body,
      false,
      false,
      {},
      'same-origin',
    );
  }

  async register(fields: {
    email: string;
    password: string;
    first_name: string;
    last_name: string;
    phone: string;
  }): Promise<SignedIn> {
    return this.remember(
      (await this.send<{ data: SignedIn }>('POST', '/customers/register', fields)).data,
    );
  }

  /** Always resolves alike, account or not (the API answers 202 either way). */
  async requestPasswordReset(email: string): Promise<{ link_expires_in_minutes: number }> {
    const body = { email };
    return (
      await this.send<{ data: { link_expires_in_minutes: number } }>(
        'POST',
        '/customers/password-reset',
        body,
      )
    ).data;
  }

  /** Sets the password with the e-mailed link's token and signs in (every other login ends). */
  async resetPassword(token: string, password: string): Promise<SignedIn> {
    const body = { token, password };
    return this.remember(
      (await this.send<{ data: SignedIn }>('POST', '/customers/password-reset/confirm', body)).data,
    );
  }

  async eligibility(sessionToken: string): Promise<EligibilityResult> {
    const path = `/checkout/sessions/${enc(sessionToken)}/eligibility`;
    return (await this.send<{ data: EligibilityResult }>('GET', path, undefined, true)).data;
  }

  /** Keeps the plan chosen for this session's order, for a later session of it (decision 0049). */
  async rememberPlanChoice(sessionToken: string, choice: PlanChoice): Promise<void> {
    const path = `/checkout/sessions/${enc(sessionToken)}/plan-choice`;
    await this.send('PUT', path, choice, true);
  }

  /** The plan this customer chose for this session's order earlier, or null. */
  async rememberedPlanChoice(sessionToken: string): Promise<PlanChoice | null> {
    const path = `/checkout/sessions/${enc(sessionToken)}/plan-choice`;
    return (await this.send<{ data: PlanChoice | null }>('GET', path, undefined, true)).data;
  }

  /** The credit check held (any), and the consent text to show before one (decision 0047). */
  async creditCheck(): Promise<CreditCheckStatus> {
    return (
      await this.send<{ data: CreditCheckStatus }>(
        'GET',
        '/customers/me/credit-check',
        undefined,
        true,
      )
    ).data;
  }

  async runCreditCheck(input: {
    bvn: string;
    dateOfBirth: string;
    consentVersion: string;
  }): Promise<CreditCheckStatus> {
    const body = {
      bvn: input.bvn,
      date_of_birth: input.dateOfBirth,
      consent_version: input.consentVersion,
    };
    return (
      await this.send<{ data: CreditCheckStatus }>('POST', '/customers/me/credit-check', body, true)
    ).data;
  }

  /** No credit check is made or used after this (decision 0047); the summary kept stops counting. */
  async withdrawCreditConsent(): Promise<void> {
    await this.send('DELETE', '/customers/me/credit-check', undefined, true);
  }

  async identity(): Promise<IdentityStatus> {
    return (
      await this.send<{ data: IdentityStatus }>('GET', '/customers/me/identity', undefined, true)
    ).data;
  }

  /** The consent text to show before the BVN is sent, and its version (decision 0046). */
  async identityConsentText(): Promise<IdentityConsentText> {
    const path = '/customers/me/identity/consent-text';
    return (await this.send<{ data: IdentityConsentText }>('GET', path, undefined, true)).data;
  }

  async verifyIdentity(input: {
    bvn: string;
    dateOfBirth: string;
    consentVersion: string;
    checkoutSessionToken?: string | undefined;
  }): Promise<IdentityStatus> {
    const body = {
      bvn: input.bvn,
      date_of_birth: input.dateOfBirth,
      consent: { text_version: input.consentVersion, agreed: true },
      ...(input.checkoutSessionToken !== undefined && {
        checkout_session_token: input.checkoutSessionToken,
      }),
    };
    return (await this.send<{ data: IdentityStatus }>('POST', '/customers/me/identity', body, true))
      .data;
  }

  /** Withdraws every consent to identity checks (a verification already made stays). */
  async withdrawIdentityConsent(): Promise<void> {
    await this.send('POST', '/customers/me/identity/consent/withdraw', {}, true);
  }

  /** The code sent to the phone on the BVN record. */
  async confirmIdentityPhoneCode(code: string): Promise<IdentityStatus> {
    const path = '/customers/me/identity/phone-code';
    return (await this.send<{ data: IdentityStatus }>('POST', path, { code }, true)).data;
  }

  async trust(livemode: boolean): Promise<TrustSummary> {
    const path = `/customers/me/trust?livemode=${String(livemode)}`;
    return (await this.send<{ data: TrustSummary }>('GET', path, undefined, true)).data;
  }

  async methods(customerId: string): Promise<Method[]> {
    const path = `/payment-methods/customers/${enc(customerId)}`;
    return (await this.send<{ data: Method[] }>('GET', path, undefined, true)).data;
  }

  async banks(): Promise<Bank[]> {
    return (await this.send<{ data: Bank[] }>('GET', '/payment-methods/banks', undefined, true))
      .data;
  }

  initializeCard(
    customerId: string,
    callbackUrl: string,
  ): Promise<{ authorization_url: string; reference: string }> {
    const body = { customer_id: customerId, callback_url: callbackUrl, is_default: false };
    return this.send('POST', '/payment-methods/initialize-card', body, true);
  }

  async verifyCard(customerId: string, reference: string): Promise<Method> {
    const body = { customer_id: customerId, reference };
    return (await this.send<{ data: Method }>('POST', '/payment-methods/verify-card', body, true))
      .data;
  }

  initiateMandate(
    customerId: string,
    bankCode: string,
    accountNumber: string,
  ): Promise<MandateStepResult> {
    const path = `/payment-methods/customers/${enc(customerId)}/initiate-bank-mandate`;
    const body = { bank_code: bankCode, account_number: accountNumber, is_default: false };
    return this.send('POST', path, body, true);
  }

  /** One step of a mandate: `otp`, `birthday`, `phone`, or `verify` (after `open_url`/`pending`). */
  mandateStep(
    step: 'submit-otp' | 'submit-birthday' | 'submit-phone' | 'verify',
    fields: {
      customer_id: string;
      reference: string;
      bank_code: string;
      bank_name: string;
      account_number: string;
      otp?: string;
      birthday?: string;
      phone?: string;
    },
  ): Promise<MandateStepResult> {
    return this.send(
      'POST',
      `/payment-methods/bank-mandate/${step}`,
      { ...fields, is_default: false },
      true,
    );
  }

  async me(): Promise<Customer> {
    return (await this.send<{ data: Customer }>('GET', '/customers/me', undefined, true)).data;
  }

  /** The customer's plans, newest first (the first 100: a customer rarely has more). */
  async plans(): Promise<PaymentPlan[]> {
    return (
      await this.send<{ data: PaymentPlan[] }>(
        'GET',
        '/customers/me/plans?limit=100',
        undefined,
        true,
      )
    ).data;
  }

  async plan(planId: string): Promise<PaymentPlan> {
    const path = `/customers/me/plans/${enc(planId)}`;
    return (await this.send<{ data: PaymentPlan }>('GET', path, undefined, true)).data;
  }

  /** The customer's own account to pay into by bank transfer, with what this plan owes. */
  async transferAccount(planId: string): Promise<TransferAccount> {
    const path = `/customers/me/plans/${enc(planId)}/transfer-account`;
    return (await this.send<{ data: TransferAccount }>('GET', path, undefined, true)).data;
  }

  /** `overdue`: pay-now (failed and due installments); `all`: pay the plan off early. */
  async payPlan(
    planId: string,
    which: 'overdue' | 'all',
    paymentMethodId?: string,
  ): Promise<PaymentOutcome> {
    const path = `/customers/me/plans/${enc(planId)}/${which === 'all' ? 'pay-off' : 'pay-now'}`;
    const body = paymentMethodId ? { payment_method_id: paymentMethodId } : {};
    return (await this.send<{ data: PaymentOutcome }>('POST', path, body, true)).data;
  }

  async changePlanMethod(planId: string, paymentMethodId: string): Promise<PaymentPlan> {
    const path = `/customers/me/plans/${enc(planId)}`;
    const body = { payment_method_id: paymentMethodId };
    return (await this.send<{ data: PaymentPlan }>('PATCH', path, body, true)).data;
  }

  /** What the customer may ask on this plan if they cannot pay on time (decision 0072). */
  async planHardship(planId: string): Promise<PlanHardship> {
    const path = `/customers/me/plans/${enc(planId)}/hardship`;
    return (await this.send<{ data: PlanHardship }>('GET', path, undefined, true)).data;
  }

  async requestHardship(planId: string, ask: HardshipAsk): Promise<HardshipAnswer> {
    const path = `/customers/me/plans/${enc(planId)}/hardship-requests`;
    return (await this.send<{ data: HardshipAnswer }>('POST', path, ask, true)).data;
  }

  async cancelHardship(planId: string, requestId: string): Promise<HardshipAnswer> {
    const path = `/customers/me/plans/${enc(planId)}/hardship-requests/${enc(requestId)}/cancel`;
    return (await this.send<{ data: HardshipAnswer }>('POST', path, {}, true)).data;
  }

  async setDefaultMethod(methodId: string): Promise<void> {
    await this.send('PUT', `/payment-methods/${enc(methodId)}/default`, undefined, true);
  }

  async deleteMethod(methodId: string): Promise<void> {
    await this.send('DELETE', `/payment-methods/${enc(methodId)}`, undefined, true);
  }

  async notices(limit = 100): Promise<Notice[]> {
    const path = `/customers/me/notifications?limit=${limit}`;
    return (await this.send<{ data: Notice[] }>('GET', path, undefined, true)).data;
  }

  async preferences(): Promise<Preferences> {
    const path = '/customers/me/notification-preferences';
    return (await this.send<{ data: Preferences }>('GET', path, undefined, true)).data;
  }

  async changePreferences(change: {
    email?: Partial<Preferences['email']>;
    in_app?: Partial<Preferences['in_app']>;
    sms?: Partial<Preferences['sms']>;
  }): Promise<Preferences> {
    const path = '/customers/me/notification-preferences';
    return (await this.send<{ data: Preferences }>('PUT', path, change, true)).data;
  }

  async confirm(
    sessionToken: string,
    choice: PlanChoice & { payment_method_id: string },
  ): Promise<Confirmation> {
    const path = `/checkout/sessions/${enc(sessionToken)}/confirm`;
    return (await this.send<{ data: Confirmation }>('POST', path, choice, true)).data;
  }
}

const enc = encodeURIComponent;
