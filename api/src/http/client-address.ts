/**
 * The address a per-client limit counts: IPv4 as is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its first
 * 64 bits, which one subscriber holds whole (rotating the last 64 would otherwise give a fresh allowance a request).
 */
export function addressKey(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4 !== undefined || !ip.includes(':')) return v4 ?? ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).join(':')}::/64`;
}
