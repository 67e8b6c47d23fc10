/** The domain of `Name <user@domain>` or `user@domain`; null when there is none. */
export function emailAddressDomain(from: string): string | null {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from.trim();
  const match = /^[^\s@<>]+@([A-Za-z0-9.-]+)$/.exec(address);
  return match?.[1] ?? null;
}
