// The transport under every page's API client: JSON over fetch to /api/v1 on this origin, the
// API's `{ ok: false, code, detail }` as an ApiError, and a bearer token refreshed once on a 401.

/** One field the API named as wrong (`errors[]` of a 400), for a form to show beside it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A failed call: the API's `{ ok: false, code, detail }`, or `network_error` when nothing came back. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  /** Every field at fault, when the API named them (empty otherwise). */
  readonly fields: readonly FieldProblem[];

  /** A refused card or account whose ₦50 check the gateway took: it is being refunded (decision 0042). */
  readonly refundQueued: boolean;

  constructor(
    status: number,
    code: string,
    detail: string,
    extra: { fields?: readonly FieldProblem[]; refundQueued?: boolean } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.fields = extra.fields ?? [];
    this.refundQueued = extra.refundQueued ?? false;
  }
}

export interface Tokens {
  access: string;
  refresh: string;
}

/** Where a signed-in page keeps its tokens between calls. */
export interface TokenStore {
  load(): Tokens | undefined;
  save(tokens: Tokens | undefined): void;
}

export class MemoryTokens implements TokenStore {
  private tokens: Tokens | undefined;
  load(): Tokens | undefined {
    return this.tokens;
  }
  save(tokens: Tokens | undefined): void {
    this.tokens = tokens;
  }
}

export class JsonApi {
  private readonly base: string;
  /** Where an expired access token is exchanged; none for a credential that does not expire. */
  private readonly refreshPath: string | undefined;
  /** Where sign-out ends the login on the server (decision 0034); none: forgetting is all. */
  private readonly signOutPath: string | undefined;
  private readonly tokens: TokenStore;
  /** Headers every call carries besides the bearer token. */
  private readonly extraHeaders: () => Record<string, string>;
  /** One refresh at a time: refresh tokens are single use, so parallel 401s share one. */
  private refreshing: Promise<boolean> | undefined;

  constructor(options: {
    base?: string;
    refreshPath?: string;
    signOutPath?: string;
    tokens: TokenStore;
    headers?: () => Record<string, string>;
  }) {
    this.base = options.base ?? '/api/v1';
    this.refreshPath = options.refreshPath;
    this.signOutPath = options.signOutPath;
    this.tokens = options.tokens;
    this.extraHeaders = options.headers ?? (() => ({}));
  }

  get signedIn(): boolean {
    return this.tokens.load() !== undefined;
  }

  /**
   * Ends the login on the server (its refresh and access tokens stop working), then forgets the
   * tokens here. The page is signed out locally whatever the server answers: a failed call leaves
   * a login that expires on its own, which is no reason to keep the person signed in.
   */
  async signOut(): Promise<void> {
    const refreshToken = this.tokens.load()?.refresh;
    if (refreshToken !== undefined && this.signOutPath !== undefined) {
      // The refresh in flight, if any, may be about to replace the token: end that one instead.
      await this.refreshing?.catch(() => false);
      const current = this.tokens.load()?.refresh ?? refreshToken;
      await this.send('POST', this.signOutPath, { refresh_token: current }).catch(() => undefined);
    }
    this.tokens.save(undefined);
  }

  remember(session: { access_token: string; refresh_token: string }): void {
    this.tokens.save({ access: session.access_token, refresh: session.refresh_token });
  }

  async send<T>(
    method: string,
    path: string,
    body?: unknown,
    auth = false,
    retried = false,
    extraHeaders: Record<string, string> = {},
    /** `same-origin` only for the remembered-device calls, whose httpOnly cookie is the point
     *  (decision 0054); every other call sends no cookie. */
    credentials: RequestCredentials = 'omit',
  ): Promise<T> {
    const headers: Record<string, string> = {
      ...this.extraHeaders(),
      accept: 'application/json',
      ...extraHeaders,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const tokens = auth ? this.tokens.load() : undefined;
    if (tokens) headers.authorization = `Bearer ${tokens.access}`;
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        credentials,
      });
    } catch {
      throw new ApiError(0, 'network_error', 'We could not reach Tranche. Check your connection.');
    }
    const json = (await response.json().catch(() => null)) as {
      ok?: boolean;
      code?: string;
      detail?: string;
      errors?: FieldProblem[];
      verification_charge?: { status?: string };
    } | null;
    if (response.status === 401 && tokens && !retried && (await this.refresh())) {
      return this.send(method, path, body, auth, true, extraHeaders, credentials);
    }
    if (!response.ok || json?.ok !== true) {
      throw new ApiError(
        response.status,
        json?.code ?? 'unexpected_response',
        json?.detail ?? `Unexpected answer (HTTP ${response.status}).`,
        {
          fields: Array.isArray(json?.errors) ? json.errors : [],
          refundQueued: json?.verification_charge?.status === 'refund_queued',
        },
      );
    }
    return json as T;
  }

  /**
   * A file the API answers (a CSV export), fetched with the session's token (never put in a URL),
   * with the name the server gave it. Errors as for `send`.
   */
  async download(path: string, retried = false): Promise<{ blob: Blob; filename: string }> {
    const tokens = this.tokens.load();
    const headers: Record<string, string> = { ...this.extraHeaders(), accept: 'text/csv' };
    if (tokens) headers.authorization = `Bearer ${tokens.access}`;
    let response: Response;
    try {
      response = await fetch(this.base + path, { headers, credentials: 'omit' });
    } catch {
      throw new ApiError(0, 'network_error', 'We could not reach Tranche. Check your connection.');
    }
    if (response.status === 401 && tokens && !retried && (await this.refresh())) {
      return this.download(path, true);
    }
    if (!response.ok) {
      const json = (await response.json().catch(() => null)) as {
        code?: string;
        detail?: string;
      } | null;
      throw new ApiError(
        response.status,
        json?.code ?? 'unexpected_response',
        json?.detail ?? `Unexpected answer (HTTP ${response.status}).`,
      );
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tranche-export.csv';
    return { blob: await response.blob(), filename };
  }

  private refresh(): Promise<boolean> {
    this.refreshing ??= this.refreshOnce().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async refreshOnce(): Promise<boolean> {
    const refreshToken = this.tokens.load()?.refresh;
    if (refreshToken === undefined || this.refreshPath === undefined) return false;
    try {
      const { data } = await this.send<{ data: { access_token: string; refresh_token: string } }>(
        'POST',
        this.refreshPath,
        { refresh_token: refreshToken },
      );
      this.remember(data);
      return true;
    } catch {
      this.tokens.save(undefined);
      return false;
    }
  }
}
