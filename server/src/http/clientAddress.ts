import net from 'node:net';

/**
 * `TRUST_PROXY` (issue 13, finding 8): which peers may tell us the client's address in
 * `X-Forwarded-For`. A list of addresses and CIDRs ('10.0.0.5, 172.18.0.0/16, ::1');
 * `true` means the loopback and private networks (a reverse proxy on the same host, in the
 * same Docker network or LAN), never a peer from the internet; `false` or nothing trusts
 * no one. A header from any other peer is ignored, so rotating it bypasses no limit.
 */
const PRIVATE_NETWORKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '::1/128', 'fc00::/7'];

export class TrustProxyError extends Error {}

function addEntry(list: net.BlockList, entry: string): void {
  const [address = '', prefix] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0) throw new TrustProxyError(entry);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return;
  }
  const bits = Number(prefix);
  if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new TrustProxyError(entry);
  list.addSubnet(address, bits, type);
}

/** The trusted proxies of `TRUST_PROXY`, or null when none; TrustProxyError names a wrong entry. */
export function parseTrustedProxies(value: string | undefined): net.BlockList | null {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return null;
  const entries = text === 'true' ? PRIVATE_NETWORKS : text.split(',').map((entry) => entry.trim());
  const list = new net.BlockList();
  for (const entry of entries.filter((item) => item !== '')) addEntry(list, entry);
  return list;
}

/** An IPv4 peer as Node reports it on a dual-stack socket ('::ffff:10.0.0.5'). */
const plain = (address: string) =>
  address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;

function isTrusted(list: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address: the peer's, unless the peer is a trusted proxy; then the nearest
 * address in X-Forwarded-For (from the right) that is not itself a trusted proxy.
 */
export function clientAddress(peer: string, forwardedFor: string, trusted: net.BlockList | null): string {
  let client = plain(peer);
  if (!trusted || !isTrusted(trusted, client)) return client;
  const hops = forwardedFor
    .split(',')
    .map((hop) => plain(hop.trim()))
    .filter((hop) => hop !== '');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!;
    if (net.isIP(hop) === 0) return client; // a garbled header: the last good address stays
    client = hop;
    if (!isTrusted(trusted, hop)) return client;
  }
  return client;
}
