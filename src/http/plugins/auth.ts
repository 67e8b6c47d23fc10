import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authenticate, type Principal, type PrincipalKind } from '../../app/authenticate.ts';
import type { AppContext } from '../../app/context.ts';
import { DomainError } from '../../domain/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new DomainError(
      'unauthenticated',
      'Authorization header must be "Bearer <key or token>".',
    );
  return match[1];
}

/** A preHandler that admits only the listed kinds of caller and records who it was. */
export function requireAuth(
  ctx: AppContext,
  accepts: readonly PrincipalKind[],
): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.principal = await authenticate(ctx, bearerToken(request), accepts);
  };
}

/** Narrowing helpers for handlers; a route's preHandler guarantees the kind. */
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
