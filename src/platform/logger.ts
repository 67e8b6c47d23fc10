import { type Logger, type LoggerOptions, pino } from 'pino';

/** Paths whose values never reach a log line: credentials, secrets, personal data we do not need. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-admin-token"]',
  'headers.authorization',
  '*.password',
  '*.secret_key',
  '*.secretKey',
  '*.webhook_secret',
  '*.webhookSecret',
  '*.access_token',
  '*.refresh_token',
  '*.authorization_code',
  '*.otp',
  'password',
  'secret_key',
  'refresh_token',
];

const CENSOR = '[redacted]';

/**
 * A checkout session token (`cst_…`) is the widget's credential and travels in URLs: the checkout
 * page (`/checkout/{token}`) and the session routes (`/api/v1/checkout/sessions/{token}/…`). Any
 * `cst_…` anywhere in a URL is censored, so is the `:token` segment of such a route whatever its
 * spelling (a mistyped or truncated token is still most of one), and so are query parameters
 * named like credentials.
 */
const SESSION_TOKEN = /cst_[A-Za-z0-9]+/g;
const TOKEN_PARAMS = new Set([':token']);
const CREDENTIAL_QUERY = new Set(['token', 'session_token', 'access_token', 'refresh_token']);

/** `url` as it may be logged; `routeUrl` is the matched route's template (`/checkout/:token`). */
export function redactUrl(url: string, routeUrl?: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  let safePath = path;
  if (routeUrl !== undefined) {
    const template = routeUrl.split('/');
    const segments = path.split('/');
    if (template.length === segments.length && template.some((t) => TOKEN_PARAMS.has(t))) {
      safePath = segments
        .map((s, i) => (TOKEN_PARAMS.has(template[i] ?? '') ? CENSOR : s))
        .join('/');
    }
  }
  const safeQuery = query
    ?.split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && CREDENTIAL_QUERY.has(decodeQueryName(name)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  const joined = safeQuery === undefined ? safePath : `${safePath}?${safeQuery}`;
  return joined.replace(SESSION_TOKEN, `cst_${CENSOR}`);
}

function decodeQueryName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The parts of a Fastify request the access log reads. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
  routeOptions?: { url?: string };
}

/**
 * The access log's view of a request (Fastify's own, minus `accept-version`): no headers at all,
 * so `Authorization`, cookies and a `Referer` naming a checkout page never reach a log line, and
 * the URL with its credentials censored.
 */
function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { req: serializeRequest },
    base: { service: 'tranche' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

export function createLogger(level: string, name: string): Logger {
  return pino({ ...loggerOptions(level), name });
}

export type { Logger };
