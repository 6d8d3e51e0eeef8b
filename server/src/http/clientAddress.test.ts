import { clientAddress, parseTrustedProxies, TrustProxyError } from './clientAddress';

describe('TRUST_PROXY and the client address (issue 13, finding 8)', () => {
  it('trusts no one by default: the peer is the client, whatever the header says', () => {
    for (const value of [undefined, '', 'false']) {
      expect(clientAddress('198.51.100.7', '1.2.3.4', parseTrustedProxies(value))).toBe('198.51.100.7');
    }
  });

  it('takes the nearest untrusted address from the right, only from a trusted peer', () => {
    const trusted = parseTrustedProxies('10.0.0.5, 172.18.0.0/16');
    expect(clientAddress('10.0.0.5', '1.2.3.4, 203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientAddress('172.18.3.4', '203.0.113.9, 10.0.0.5', trusted)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:10.0.0.5', '203.0.113.9', trusted)).toBe('203.0.113.9');
    // A spoofed header from an untrusted peer counts for nothing.
    expect(clientAddress('198.51.100.7', '10.0.0.5, 1.2.3.4', trusted)).toBe('198.51.100.7');
    // A garbled hop stops the walk at the last good address.
    expect(clientAddress('10.0.0.5', 'kaputt', trusted)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '', trusted)).toBe('10.0.0.5');
  });

  it('reads true as loopback and the private networks, never the internet', () => {
    const trusted = parseTrustedProxies('true');
    expect(clientAddress('127.0.0.1', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientAddress('192.168.1.10', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientAddress('::1', '2001:db8::1', trusted)).toBe('2001:db8::1');
    expect(clientAddress('203.0.113.50', '1.2.3.4', trusted)).toBe('203.0.113.50');
  });

  it('refuses entries that are no address or network', () => {
    for (const value of ['proxy.local', '10.0.0.0/33', '10.0.0.0/x', 'yes']) {
      expect(() => parseTrustedProxies(value)).toThrow(TrustProxyError);
    }
  });
});
