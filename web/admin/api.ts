// The operator console's side of /api/v1/admin (decision 0020). Types come from the TypeBox
// schemas the API validates and serialises with.
import type { Static } from 'typebox';

import type { Merchant } from '../../src/features/merchants/schemas.ts';
import type { PayoutAwaitingOtp } from '../../src/features/money/schemas.ts';
import type {
  DeadLetter,
  LedgerCheck,
  MerchantOverview,
  OperatorAccount as OperatorAccountSchema,
  OperatorActionEntry,
  OperatorSession,
  ReconciliationReport,
} from '../../src/features/operator/schemas.ts';
import { JsonApi, type Tokens, type TokenStore } from '../shared/json-api.ts';

export type MerchantRecord = Static<typeof Merchant>;
export type MerchantStatus = MerchantRecord['status'];
export type Overview = Static<typeof MerchantOverview>;
export type Report = Static<typeof ReconciliationReport>;
export type DeadLetterEvent = Static<typeof DeadLetter>;
export type Ledger = Static<typeof LedgerCheck>;
export type AuditEntry = Static<typeof OperatorActionEntry>;
export type StatusAction = 'approve' | 'deactivate' | 'reactivate';
export type HeldPayout = Static<typeof PayoutAwaitingOtp>;

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

type OperatorAccount = Static<typeof OperatorAccountSchema>;
type Session = Static<typeof OperatorSession>;

/**
 * The operator's tokens and account in this tab's sessionStorage (decision 0035, as decision 0016
 * for the merchant dashboard): a reload keeps the operator signed in, another tab or a closed tab
 * does not. The page's CSP allows only our own scripts, the only code that could read it; the
 * access token lives 15 minutes, the refresh token is single use and the sign-in ends after 12
 * hours.
 */
class OperatorTokens implements TokenStore {
  private static readonly KEY = 'tranche.admin.session';
  private read(): (Tokens & { operator?: OperatorAccount }) | undefined {
    try {
      const raw = sessionStorage.getItem(OperatorTokens.KEY);
      return raw ? (JSON.parse(raw) as Tokens & { operator?: OperatorAccount }) : undefined;
    } catch {
      return undefined;
    }
  }
  load(): Tokens | undefined {
    return this.read();
  }
  save(tokens: Tokens | undefined): void {
    try {
      if (tokens) {
        sessionStorage.setItem(OperatorTokens.KEY, JSON.stringify({ ...this.read(), ...tokens }));
      } else sessionStorage.removeItem(OperatorTokens.KEY);
    } catch {
      // Storage refused (private mode): the session then lasts until reload.
    }
  }
  operator(): OperatorAccount | undefined {
    return this.read()?.operator;
  }
  rememberOperator(operator: OperatorAccount): void {
    const tokens = this.read();
    if (tokens) sessionStorage.setItem(OperatorTokens.KEY, JSON.stringify({ ...tokens, operator }));
  }
}

const enc = encodeURIComponent;

export class AdminApi {
  private readonly tokens = new OperatorTokens();
  private readonly http = new JsonApi({
    refreshPath: '/admin/token/refresh',
    signOutPath: '/admin/logout',
    tokens: this.tokens,
  });

  /** Who is signed in to this tab (the name the audit log records), if anyone. */
  get operator(): string | undefined {
    return this.http.signedIn ? this.tokens.operator()?.name : undefined;
  }

  /** Email, password and the authenticator app's code: the server proves who acts. */
  async signIn(email: string, password: string, code: string): Promise<void> {
    const { data } = await this.http.send<{ data: Session }>('POST', '/admin/login', {
      email,
      password,
      code,
    });
    this.http.remember(data);
    this.tokens.rememberOperator(data.operator);
  }

  /** Ends the sign-in on the server (its refresh and access tokens), then forgets it here. */
  signOut(): Promise<void> {
    return this.http.signOut();
  }

  private get<T>(path: string): Promise<T> {
    return this.http.send<T>('GET', path, undefined, true);
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    return this.http.send<T>('POST', path, body, true);
  }

  merchants(query: {
    status?: MerchantStatus | undefined;
    limit: number;
    offset: number;
  }): Promise<{ data: MerchantRecord[]; total: number }> {
    const params = new URLSearchParams({
      limit: String(query.limit),
      offset: String(query.offset),
    });
    if (query.status) params.set('status', query.status);
    return this.get(`/admin/merchants?${params}`);
  }

  async overview(merchantId: string): Promise<Overview> {
    return (await this.get<{ data: Overview }>(`/admin/merchants/${enc(merchantId)}`)).data;
  }

  async changeStatus(
    merchantId: string,
    action: StatusAction,
    reason: string,
  ): Promise<MerchantRecord> {
    const body = reason.trim() === '' ? {} : { reason };
    const path = `/admin/merchants/${enc(merchantId)}/${action}`;
    return (await this.post<{ data: MerchantRecord }>(path, body)).data;
  }

  async reconcile(options: { since: string; gateway: boolean; reason: string }): Promise<Report> {
    const body = {
      since: options.since,
      gateway: options.gateway,
      ...(options.reason.trim() !== '' && { reason: options.reason }),
    };
    return (await this.post<{ data: Report }>('/admin/reconciliation', body)).data;
  }

  deadLetters(cursor?: string | null): Promise<Page<DeadLetterEvent>> {
    const params = new URLSearchParams({ limit: '25' });
    if (cursor) params.set('cursor', cursor);
    return this.get(`/admin/webhook-events/dead?${params}`);
  }

  async ledgerCheck(): Promise<Ledger> {
    return (await this.get<{ data: Ledger }>('/admin/ledger/check')).data;
  }

  /** Payouts the gateway holds until their transfer OTP is given (decision 0043). */
  async payoutsAwaitingOtp(): Promise<HeldPayout[]> {
    return (await this.get<{ data: HeldPayout[] }>('/admin/payouts/awaiting-otp')).data;
  }

  async submitPayoutOtp(payoutId: string, otp: string): Promise<{ status: string }> {
    const path = `/admin/payouts/${enc(payoutId)}/otp`;
    return (await this.post<{ data: { status: string } }>(path, { otp })).data;
  }

  async resendPayoutOtp(payoutId: string): Promise<void> {
    await this.post(`/admin/payouts/${enc(payoutId)}/otp/resend`, {});
  }

  auditLog(query: {
    targetId?: string;
    cursor?: string | null;
    limit?: number;
  }): Promise<Page<AuditEntry>> {
    const params = new URLSearchParams({ limit: String(query.limit ?? 25) });
    if (query.targetId) params.set('target_id', query.targetId);
    if (query.cursor) params.set('cursor', query.cursor);
    return this.get(`/admin/audit-log?${params}`);
  }
}
