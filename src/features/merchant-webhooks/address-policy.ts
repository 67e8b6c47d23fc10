import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

import type { Environment } from '../../platform/config.ts';

/**
 * Which addresses a merchant's webhook may reach (brief §7, reliability API7/B33). Live events go
 * only to public addresses over HTTPS; test events may also reach loopback, for local development,
 * but only where TRANCHE_ENV is development or test: in production any self-registered merchant
 * could otherwise map the host's own services through `POST …/webhook/test`, which reports status,
 * latency and error text. The check runs at registration (literal addresses, and what a name resolves to then) with the
 * policy of the endpoint's mode and, for every connection, on the address DNS actually returned,
 * so a name that resolves (or re-resolves) to a private address is refused.
 *
 * Ranges come from ipaddr.js's table of special-purpose ranges (IANA registries): only `unicast`
 * is public. IPv6 forms that carry an IPv4 address are judged by that address too: IPv4-mapped,
 * IPv4-translated and IPv4-compatible ones reach it directly; 6to4, Teredo and the well-known
 * NAT64 prefix reach it through a relay or translator, so they pass only when it is public (never
 * as loopback). The local-use NAT64 prefix (64:ff9b:1::/48) is refused outright: where its
 * translator puts the IPv4 address is the local network's choice. Other IPv6 must be global
 * unicast (2000::/3).
 */
export type AddressPolicy = 'public_only' | 'public_or_loopback';

/** Loopback is the developer's own machine: allowed for test endpoints outside production only. */
export function loopbackWebhooksAllowed(env: Environment): boolean {
  return env === 'development' || env === 'test';
}

/** The rules one mode's endpoint is held to, at registration and at every connection. */
export function webhookAddressRules(
  livemode: boolean,
  loopbackTestWebhooks: boolean,
): { policy: AddressPolicy; httpsOnly: boolean } {
  return {
    policy: !livemode && loopbackTestWebhooks ? 'public_or_loopback' : 'public_only',
    httpsOnly: livemode,
  };
}

/**
 * `localhost` and names under it are loopback by definition (RFC 6761), whatever DNS says, with
 * or without the trailing dot: refused by name where loopback is, before any lookup.
 */
export function refusedHostName(hostname: string, policy: AddressPolicy): string | null {
  if (policy === 'public_or_loopback') return null;
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return `${hostname} is not a public address (loopback)`;
  }
  return null;
}

type Verdict = { kind: 'public' } | { kind: 'loopback' } | { kind: 'refused'; why: string };

const PUBLIC: Verdict = { kind: 'public' };
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

function ipv4From(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

function judgeIpv4(ip: ipaddr.IPv4): Verdict {
  const range = ip.range();
  if (range === 'unicast') return PUBLIC;
  if (range === 'loopback') return { kind: 'loopback' };
  return { kind: 'refused', why: range };
}

/** An address reached through a tunnel or translator: allowed only if the IPv4 it carries is public. */
function judgeCarried(form: string, carried: readonly ipaddr.IPv4[]): Verdict {
  for (const ip of carried) {
    const range = ip.range();
    if (range !== 'unicast') {
      return { kind: 'refused', why: `${form} of ${ip.toString()}, ${range}` };
    }
  }
  return PUBLIC;
}

function judgeIpv6(ip: ipaddr.IPv6): Verdict {
  const range = ip.range() as string;
  const p = ip.parts;
  const at = (i: number) => p[i] ?? 0;
  switch (range) {
    case 'loopback':
      return { kind: 'loopback' };
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return judgeIpv4(ipv4From(at(6), at(7)));
    case '6to4': // 2002:AABB:CCDD::/48
      return judgeCarried('6to4', [ipv4From(at(1), at(2))]);
    case 'teredo': // 2001:0:<server>:<flags>:<port>:<client, inverted>
      return judgeCarried('Teredo', [
        ipv4From(at(2), at(3)),
        ipv4From(~at(6) & 0xffff, ~at(7) & 0xffff),
      ]);
    case 'rfc6052':
      if (ip.match(LOCAL_USE_NAT64)) return { kind: 'refused', why: 'local-use NAT64' };
      if (ip.match(WELL_KNOWN_NAT64)) return judgeCarried('NAT64', [ipv4From(at(6), at(7))]);
      return { kind: 'refused', why: 'NAT64' };
    case 'unicast':
      if (ip.match(GLOBAL_UNICAST)) return PUBLIC;
      // ::a.b.c.d, the deprecated IPv4-compatible form.
      if (p.slice(0, 6).every((part) => part === 0)) return judgeIpv4(ipv4From(at(6), at(7)));
      return { kind: 'refused', why: 'outside global unicast' };
    default:
      return { kind: 'refused', why: range };
  }
}

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '');
  // node:net decides what is a literal (dotted quads only); ipaddr.js reads it.
  if (isIP(bare) === 0) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** Null when the policy allows the address; otherwise why not. */
export function refusedAddress(address: string, policy: AddressPolicy): string | null {
  const ip = parse(address);
  if (!ip) return `${address} is not an IP address`;
  const verdict = ip instanceof ipaddr.IPv4 ? judgeIpv4(ip) : judgeIpv6(ip);
  if (verdict.kind === 'public') return null;
  if (verdict.kind === 'loopback') {
    return policy === 'public_or_loopback' ? null : `${address} is not a public address (loopback)`;
  }
  return `${address} is not a public address (${verdict.why})`;
}

export function isIpLiteral(hostname: string): boolean {
  return parse(hostname) !== null;
}

/**
 * The registration-time check of a webhook URL's host, with the policy of the endpoint's mode
 * (live: public only; test: loopback too where loopback is allowed at all). A name that does not resolve yet is accepted: every
 * connection is checked again anyway.
 */
export async function refusedWebhookHost(
  hostname: string,
  resolve: (host: string) => Promise<string[]>,
  policy: AddressPolicy,
): Promise<string | null> {
  if (isIpLiteral(hostname)) return refusedAddress(hostname, policy);
  const byName = refusedHostName(hostname, policy);
  if (byName) return byName;
  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return null;
  }
  for (const address of addresses) {
    const why = refusedAddress(address, policy);
    if (why) return `${hostname} resolves to ${why}`;
  }
  return null;
}
