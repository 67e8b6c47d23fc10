import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Principal, PrincipalKind } from '../../domain/principal.ts';
import { judgeDashboardRequest, type Permission } from '../../domain/team.ts';
import { authenticate } from '../../features/access/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** What a dashboard member's request does (decision 0064), for the merchant audit log. */
    memberPermissions?: Permission[];
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) {
    throw new DomainError(
      'unauthenticated',
      'Authorization header must be "Bearer <key or token>".',
    );
  }
  return match[1];
}

/**
 * A route's preValidation hook that admits only the listed kinds of caller and records who it
 * was: credentials are judged before the body is, so a caller without them learns nothing from
 * a validation message (and costs no validation).
 */
export function requireAuth(
  ctx: AppContext,
  accepts: readonly PrincipalKind[],
): preValidationAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const principal = await authenticate(
      ctx,
      bearerToken(request),
      accepts,
      request.secretKeyCheck,
    );
    request.principal = principal;
    if (principal.kind === 'merchant_dashboard') {
      // The one place a dashboard member's role is judged (decision 0064): the route's pattern
      // against the permission table of src/domain/team.ts. Secret keys are the merchant.
      const verdict = judgeDashboardRequest(
        principal.member.role,
        {
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          body: request.body,
        },
        principal.member.supportRefundLimitKobo,
      );
      if (!verdict.allowed) throw new DomainError('forbidden', verdict.detail);
      request.memberPermissions = verdict.permissions;
    }
  };
}

/** Narrowing helpers for handlers; a route's preValidation hook guarantees the kind. */
export function principalOf<K extends PrincipalKind>(
  request: FastifyRequest,
  ...kinds: K[]
): Extract<Principal, { kind: K }> {
  const principal = request.principal;
  if (!principal || !(kinds as PrincipalKind[]).includes(principal.kind)) {
    throw new DomainError('unauthenticated', 'Missing credentials.');
  }
  return principal as Extract<Principal, { kind: K }>;
}
