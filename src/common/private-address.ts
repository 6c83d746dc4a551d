/**
 * Addresses a webhook must never be sent to, so a caller cannot make the service reach into its own network: loopback,
 * private (RFC 1918, unique-local IPv6), link-local (169.254/16 holds the cloud metadata services, fe80::/10),
 * carrier-grade NAT, "this network", benchmarking, multicast and reserved ranges. IPv4-mapped IPv6 addresses are
 * judged by their IPv4 address.
 */
import { BlockList, isIP } from 'node:net';

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook may not be sent to (and for anything that is not an IP address at all). */
export function isForbiddenAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return FORBIDDEN.check(address, 'ipv4');
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return FORBIDDEN.check(mapped[1], 'ipv4');
  return FORBIDDEN.check(address, 'ipv6');
}
