// The operator console's side of /api/v1/admin (decision 0020). Types come from the TypeBox
// schemas the API validates and serialises with.
import type { Static } from 'typebox';

import type { Merchant } from '../../src/features/merchants/schemas.ts';
import type {
  DeadLetter,
  LedgerCheck,
  MerchantOverview,
  OperatorActionEntry,
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

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

interface OperatorSession {
  token: string;
  operator: string;
}

/**
 * The operator token and name in this tab's sessionStorage (decision 0020, as decision 0016 for
 * the merchant dashboard): a reload keeps the operator signed in, another tab or a closed tab
 * does not. The page's CSP allows only our own scripts, the only code that could read it.
 */
class OperatorTokens implements TokenStore {
  private static readonly KEY = 'tranche.admin.session';
  session(): OperatorSession | undefined {
    try {
      const raw = sessionStorage.getItem(OperatorTokens.KEY);
      return raw ? (JSON.parse(raw) as OperatorSession) : undefined;
    } catch {
      return undefined;
    }
  }
  remember(session: OperatorSession | undefined): void {
    try {
      if (session) sessionStorage.setItem(OperatorTokens.KEY, JSON.stringify(session));
      else sessionStorage.removeItem(OperatorTokens.KEY);
    } catch {
      // Storage refused (private mode): the session then lasts until reload.
    }
  }
  load(): Tokens | undefined {
    const session = this.session();
    // The operator token does not expire: there is nothing to refresh.
    return session && { access: session.token, refresh: '' };
  }
  save(tokens: Tokens | undefined): void {
    if (!tokens) this.remember(undefined);
  }
}

const enc = encodeURIComponent;

export class AdminApi {
  private readonly tokens = new OperatorTokens();
  private readonly http = new JsonApi({
    tokens: this.tokens,
    headers: (): Record<string, string> => {
      // Sent on reads too: the API checks the name whenever it is sent (sign-in learns of a
      // name it would refuse).
      const session = this.tokens.session();
      return session ? { 'x-operator': session.operator } : {};
    },
  });

  /** Who is signed in to this tab, if anyone. */
  get operator(): string | undefined {
    return this.tokens.session()?.operator;
  }

  /** Checks the token with a read before keeping it; a wrong token is not remembered. */
  async signIn(token: string, operator: string): Promise<void> {
    this.tokens.remember({ token, operator });
    try {
      await this.merchants({ limit: 1, offset: 0 });
    } catch (caught) {
      this.tokens.remember(undefined);
      throw caught;
    }
  }

  signOut(): void {
    this.tokens.remember(undefined);
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
