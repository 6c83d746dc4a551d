import { isIPv6 } from 'node:net';

/**
 * The subject a per-address allowance is kept for: an IPv4 address itself, an IPv6 address's /64 network. One IPv6
 * host usually holds a whole /64 and can take a new address in it at will, so counting single IPv6 addresses would
 * give it an allowance per address it cares to use. Anything else (no address known) is kept as it is.
 */
export function addressBlock(address: string): string {
  const plain = address.split('%')[0];
  if (!isIPv6(plain)) return address;
  const [head, tail] = plain.includes('::') ? plain.split('::') : [plain, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const front = groups(head);
  const back = groups(tail);
  const all = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
