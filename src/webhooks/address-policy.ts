import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a merchant's webhook may reach (brief §7, reliability API7/B33). Live events go
 * only to public addresses over HTTPS; test events may also reach loopback, for local development.
 * The check runs at registration on literal addresses and, for every connection, on the address
 * DNS actually returned, so a name that resolves (or re-resolves) to a private address is refused.
 */
export type AddressPolicy = 'public_only' | 'public_or_loopback';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const nonPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 can reach IPv4 private space
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  nonPublic.addSubnet(net, prefix, 'ipv6');

/** IPv4-mapped and IPv4-compatible IPv6 addresses are judged as the IPv4 address they carry. */
function normalise(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(bare);
  if (version === 4) return { address: bare, family: 'ipv4' };
  if (version !== 6) return null;
  const mapped = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  const hexMapped = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hexMapped?.[1] && hexMapped[2]) {
    const hi = parseInt(hexMapped[1], 16);
    const lo = parseInt(hexMapped[2], 16);
    return { address: `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, family: 'ipv4' };
  }
  return { address: bare, family: 'ipv6' };
}

/** Null when the policy allows the address; otherwise why not. */
export function refusedAddress(address: string, policy: AddressPolicy): string | null {
  const ip = normalise(address);
  if (!ip) return `${address} is not an IP address`;
  if (!nonPublic.check(ip.address, ip.family)) return null;
  if (policy === 'public_or_loopback' && loopback.check(ip.address, ip.family)) return null;
  return `${address} is a private, loopback, link-local or reserved address`;
}

export function isIpLiteral(hostname: string): boolean {
  return isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;
}

/**
 * The registration-time check of a webhook URL's host. Loopback passes (test mode may use it;
 * live deliveries refuse it at connect time); private, link-local and reserved addresses never do.
 * A name that does not resolve yet is accepted: every connection is checked again anyway.
 */
export async function refusedWebhookHost(
  hostname: string,
  resolve: (host: string) => Promise<string[]>,
): Promise<string | null> {
  if (isIpLiteral(hostname)) return refusedAddress(hostname, 'public_or_loopback');
  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return null;
  }
  for (const address of addresses) {
    const why = refusedAddress(address, 'public_or_loopback');
    if (why) return `${hostname} resolves to ${why}`;
  }
  return null;
}
