// The merchant dashboard's side of /api/v1. Types come from the TypeBox schemas the API
// validates and serialises with.
import type { Static } from 'typebox';

import type {
  ApiKey,
  Merchant,
  MerchantCredentials,
  PublishableKey,
} from '../../../src/features/merchants/schemas.ts';
import { JsonApi, type Tokens, type TokenStore } from '../../shared/json-api.ts';

export type MerchantRecord = Static<typeof Merchant>;
export type NewMerchant = Static<typeof MerchantCredentials>;
export type Key = Static<typeof ApiKey>;
export type PublicKey = Static<typeof PublishableKey>;
export type Mode = 'test' | 'live';
export interface RolledKey {
  id: string;
  mode: string;
  secret_key: string;
  previous_keys_expire_at: string;
}
export interface WebhookProbe {
  delivered: boolean;
  error?: string;
  status_code?: number | null;
}

/**
 * The dashboard's tokens in this tab's sessionStorage (decision 0016): a reload keeps the merchant
 * signed in, another tab or a closed tab does not. The pages' CSP allows only our own scripts,
 * the only code that could read it; the access token lives 15 minutes, the refresh token is
 * single use.
 */
export class TabTokens implements TokenStore {
  private static readonly KEY = 'tranche.merchant.session';
  load(): Tokens | undefined {
    try {
      const raw = sessionStorage.getItem(TabTokens.KEY);
      return raw ? (JSON.parse(raw) as Tokens & { merchantId: string }) : undefined;
    } catch {
      return undefined;
    }
  }
  save(tokens: Tokens | undefined): void {
    try {
      if (tokens) {
        sessionStorage.setItem(TabTokens.KEY, JSON.stringify({ ...this.load(), ...tokens }));
      } else sessionStorage.removeItem(TabTokens.KEY);
    } catch {
      // Storage refused (private mode): the session then lasts until reload.
    }
  }
  merchantId(): string | undefined {
    return (this.load() as { merchantId?: string } | undefined)?.merchantId;
  }
  rememberMerchant(merchantId: string): void {
    const tokens = this.load();
    if (tokens) sessionStorage.setItem(TabTokens.KEY, JSON.stringify({ ...tokens, merchantId }));
  }
}

const enc = encodeURIComponent;

export class MerchantApi {
  private readonly tokens = new TabTokens();
  private readonly http = new JsonApi({
    refreshPath: '/merchant/token/refresh',
    signOutPath: '/merchant/logout',
    tokens: this.tokens,
  });

  /** The signed-in merchant's id, when this tab has a session. */
  get merchantId(): string | undefined {
    return this.http.signedIn ? this.tokens.merchantId() : undefined;
  }

  /** Ends the login on the server, then forgets it in this tab (decision 0034). */
  signOut(): Promise<void> {
    return this.http.signOut();
  }

  async register(fields: {
    business_name: string;
    email: string;
    password: string;
  }): Promise<NewMerchant> {
    const { data } = await this.http.send<{ data: NewMerchant }>(
      'POST',
      '/merchant/register',
      fields,
    );
    return data;
  }

  /**
   * Signs in; a member with two-factor sign-in on is answered 401 `second_factor_required`
   * (an ApiError) until `code` is given too (decision 0065).
   */
  async signIn(email: string, password: string, code?: string): Promise<MerchantRecord> {
    const { data } = await this.http.send<{
      data: { merchant: MerchantRecord; access_token: string; refresh_token: string };
    }>('POST', '/merchant/login', { email, password, ...(code !== undefined && { code }) });
    this.http.remember(data);
    this.tokens.rememberMerchant(data.merchant.id);
    return data.merchant;
  }

  /** E-mails a reset link (decision 0058); the answer is the same whether or not there is an account. */
  async requestPasswordReset(email: string): Promise<{ link_expires_in_minutes: number }> {
    const { data } = await this.http.send<{ data: { link_expires_in_minutes: number } }>(
      'POST',
      '/merchant/password-reset',
      { email },
    );
    return data;
  }

  /** Sets the password with the e-mailed link's token; the merchant is then signed in here. */
  async resetPassword(token: string, password: string): Promise<MerchantRecord> {
    const { data } = await this.http.send<{
      data: { merchant: MerchantRecord; access_token: string; refresh_token: string };
    }>('POST', '/merchant/password-reset/confirm', { token, password });
    this.http.remember(data);
    this.tokens.rememberMerchant(data.merchant.id);
    return data.merchant;
  }

  /** Accepts a team invitation with the e-mailed link's token (decision 0064); signed in here. */
  async acceptInvitation(token: string, password: string): Promise<MerchantRecord> {
    const { data } = await this.http.send<{
      data: { merchant: MerchantRecord; access_token: string; refresh_token: string };
    }>('POST', '/merchant/team/accept', { token, password });
    this.http.remember(data);
    this.tokens.rememberMerchant(data.merchant.id);
    return data.merchant;
  }

  /** Changes the dashboard password; other logins end and this tab gets a fresh session. */
  async changePassword(id: string, current: string, next: string): Promise<void> {
    const { data } = await this.http.send<{
      data: { access_token: string; refresh_token: string };
    }>(
      'POST',
      `/merchant/${enc(id)}/password`,
      { current_password: current, new_password: next },
      true,
    );
    this.http.remember(data);
  }

  /** A CSV export with this tab's session (decision 0066). */
  download(path: string): Promise<{ blob: Blob; filename: string }> {
    return this.http.download(path);
  }

  private get<T>(path: string): Promise<T> {
    return this.http.send<T>('GET', path, undefined, true);
  }

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.http.send<T>(method, path, body, true);
  }

  /**
   * A signed-in call for the per-area modules (the other files in `api/`), which add typed methods
   * for their resources on this one transport.
   */
  request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    return this.http.send<T>(method, path, body, true, false, headers);
  }

  async merchant(id: string): Promise<MerchantRecord> {
    return (await this.get<{ data: MerchantRecord }>(`/merchant/${enc(id)}`)).data;
  }

  async keys(id: string): Promise<Key[]> {
    return (await this.get<{ data: Key[] }>(`/merchant/${enc(id)}/keys`)).data;
  }

  async rollKey(id: string, mode: Mode, expireOldAfterMinutes: number): Promise<RolledKey> {
    const body = { mode, expire_old_after_minutes: expireOldAfterMinutes };
    return (await this.call<{ data: RolledKey }>('POST', `/merchant/${enc(id)}/keys/roll`, body))
      .data;
  }

  /** The messaging element's public keys, in full (decision 0055). */
  async publishableKeys(id: string): Promise<PublicKey[]> {
    return (await this.get<{ data: PublicKey[] }>(`/merchant/${enc(id)}/publishable-keys`)).data;
  }

  async rollPublishableKey(id: string, mode: Mode, expireOldAfterMinutes: number): Promise<void> {
    const body = { mode, expire_old_after_minutes: expireOldAfterMinutes };
    await this.call('POST', `/merchant/${enc(id)}/publishable-keys/roll`, body);
  }

  async revokeKey(id: string, keyId: string): Promise<void> {
    await this.call('DELETE', `/merchant/${enc(id)}/keys/${enc(keyId)}`);
  }

  /** Settings shared by both modes, or the webhook URL of `mode`. */
  async updateSettings(
    id: string,
    patch: Record<string, unknown>,
    mode?: Mode,
  ): Promise<MerchantRecord> {
    const query = mode === undefined ? '' : `?livemode=${String(mode === 'live')}`;
    return (
      await this.call<{ data: MerchantRecord }>(
        'PATCH',
        `/merchant/${enc(id)}/settings${query}`,
        patch,
      )
    ).data;
  }

  async rollWebhookSecret(id: string, mode: Mode): Promise<{ webhook_secret: string }> {
    const path = `/merchant/${enc(id)}/webhook-secret/roll?livemode=${String(mode === 'live')}`;
    return (await this.call<{ data: { webhook_secret: string } }>('POST', path)).data;
  }

  async sendTestEvent(id: string, mode: Mode): Promise<WebhookProbe> {
    const path = `/merchant/${enc(id)}/webhook/test?livemode=${String(mode === 'live')}`;
    return (await this.call<{ data: WebhookProbe }>('POST', path)).data;
  }
}
