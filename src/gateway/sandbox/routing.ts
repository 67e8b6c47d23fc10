import type { FastifyRequest } from 'fastify';

/**
 * Each route says what kind it is, and the hooks in server.ts act on that:
 * - `api`: Paystack's API; Bearer secret key required; faults apply.
 * - `control`: /_sandbox/ test controls; Bearer secret key required; faults never apply.
 * - `page`: hosted pages a customer's browser opens; no key, no faults.
 */
export type RouteKind = 'api' | 'control' | 'page';

declare module 'fastify' {
  interface FastifyContextConfig {
    sandboxKind?: RouteKind;
  }
}

export const API_ROUTE = { config: { sandboxKind: 'api' as const } };
export const CONTROL_ROUTE = { config: { sandboxKind: 'control' as const } };
export const PAGE_ROUTE = { config: { sandboxKind: 'page' as const } };

/** Unknown paths have no kind; they are treated like API paths for authentication. */
export function routeKind(request: FastifyRequest): RouteKind | undefined {
  return request.routeOptions.config.sandboxKind;
}
