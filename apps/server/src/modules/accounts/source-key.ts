import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped, `::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(ip: string): string[] {
  const address = ip.split('%')[0] ?? '';
  const count = (part: string) =>
    (part === '' ? [] : part.split(':')).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  if (!address.includes('::')) return count(address);
  const [head = '', tail = ''] = address.split('::');
  const first = count(head);
  const last = count(tail);
  return [...first, ...Array.from({ length: Math.max(0, 8 - first.length - last.length) }, () => '0'), ...last];
}

/**
 * The key per-IP limits count by: an IPv4 address as is (an IPv4-mapped IPv6 address as its IPv4),
 * an IPv6 address by its /64, the smallest block one subscriber gets: otherwise one client could
 * rotate through 2^64 addresses and never meet a limit.
 */
export function sourceKeyOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split('%')[0] ?? '')) return ip.slice(0, 64);
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
