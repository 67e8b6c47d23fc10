import type { TrustProxy } from '../platform/config.ts';

type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 treats a bare hop count as "trust nobody"
 * (it cannot tell a proxy from a direct client), so a count becomes the hop-count function it
 * replaced: the connecting address and the next `hops - 1` entries of X-Forwarded-For are
 * proxies, the entry before them is the client. Safe only when the proxies are the API's only
 * way in; addresses and CIDRs are checked hop by hop.
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyTrustProxy {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
