import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

import type { AppContext } from '../../app-context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { Principal, PrincipalKind } from '../../domain/principal.ts';
import { judgeDashboardRequest, type Permission } from '../../domain/team.ts';
import { judgeSecondFactor } from '../../domain/two-factor.ts';
import { authenticate, requireSecondFactor } from '../../features/access/index.ts';

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
      // Two-factor sign-in (decision 0065): owners must have it, and money moves need a code.
      const second = judgeSecondFactor(
        {
          role: principal.member.role,
          enabled: principal.member.twoFactorEnabled,
          dueAt: principal.member.twoFactorDueAt,
        },
        {
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          permissions: verdict.permissions,
        },
        ctx.clock.now(),
      );
      if (second.need === 'enrolment') {
        throw new DomainError('second_factor_enrolment_required', second.detail);
      }
      if (second.need === 'code') {
        const header = request.headers['two-factor-code'];
        await requireSecondFactor(
          ctx,
          principal.member.id,
          typeof header === 'string' ? header : undefined,
          request.ip,
          verdict.permissions.includes('pay_out')
            ? 'Paying out'
            : 'Changing the settlement account',
        );
      }
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
