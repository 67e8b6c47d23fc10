import type { FastifyInstance, FastifyRequest } from 'fastify';

import { DomainError } from '../../domain/errors.ts';
import { findMalformedText, findUndecodableQueryParameter } from '../malformed-text.ts';

/**
 * A path parameter or query value that no route may see (see malformed-text.ts). A 400
 * `invalid_request` like any other; pages catch it in their route's `errorHandler` to answer
 * HTML instead (the payment link page: its 404 page; the checkout page: itself).
 */
export class MalformedInputError extends DomainError {
  readonly part: 'path' | 'query';
  readonly parameter: string;

  constructor(part: 'path' | 'query', parameter: string, problem: string) {
    super(
      'invalid_request',
      `${part === 'path' ? 'Path' : 'Query'} parameter "${parameter}" ${problem}.`,
    );
    this.part = part;
    this.parameter = parameter;
  }
}

/**
 * Refuses, before validation and so before any handler or database statement, a request whose
 * decoded path parameters or query string hold NUL or a lone surrogate, or whose query has
 * percent-escapes that are not UTF-8. The router already refuses such escapes in the path ("The
 * request URL is malformed."), and the JSON parser (app.ts) refuses the same text in bodies.
 * Headers need nothing: Node's HTTP parser refuses NUL in them (400 before any route), and their
 * text is latin1, which has no surrogates. Unmatched routes are left to the 404 answer.
 */
export function registerMalformedInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.is404) return;
    for (const [name, value] of Object.entries(request.params as Record<string, unknown>)) {
      const problem = findMalformedText(value);
      if (problem !== undefined) throw new MalformedInputError('path', name, problem);
    }
    const queryStart = request.url.indexOf('?');
    if (queryStart === -1) return;
    const undecodable = findUndecodableQueryParameter(request.url.slice(queryStart + 1));
    if (undecodable !== undefined) {
      throw new MalformedInputError('query', undecodable, 'must be valid percent-encoded UTF-8');
    }
    for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
      const problem = findMalformedText(name) ?? findMalformedText(value);
      if (problem !== undefined) throw new MalformedInputError('query', name, problem);
    }
  });
}
