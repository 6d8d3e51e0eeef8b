import crypto from 'node:crypto';
import * as der from './der';

describe('DER encoding', () => {
  it('writes short and long lengths', () => {
    expect(der.octetString(Buffer.alloc(3)).subarray(0, 2)).toEqual(Buffer.from([0x04, 3]));
    expect(der.octetString(Buffer.alloc(200)).subarray(0, 3)).toEqual(Buffer.from([0x04, 0x81, 200]));
    expect(der.octetString(Buffer.alloc(300)).subarray(0, 4)).toEqual(Buffer.from([0x04, 0x82, 0x01, 0x2c]));
  });

  it('keeps integers positive and minimal', () => {
    expect(der.integer(2)).toEqual(Buffer.from([0x02, 1, 2]));
    expect(der.integer(Buffer.from([0x00, 0x00, 0x7f]))).toEqual(Buffer.from([0x02, 1, 0x7f]));
    expect(der.integer(Buffer.from([0x80]))).toEqual(Buffer.from([0x02, 2, 0x00, 0x80]));
  });

  it('encodes object identifiers with base-128 arcs', () => {
    // 1.2.840.10045.4.3.2 (ecdsa-with-SHA256), as every certificate tool writes it.
    expect(der.objectIdentifier('1.2.840.10045.4.3.2').toString('hex')).toBe('06082a8648ce3d040302');
    expect(der.objectIdentifier('2.5.29.17').toString('hex')).toBe('0603551d11');
  });

  it('writes named bits with the count of unused bits', () => {
    // digitalSignature alone: 0x80 with 7 unused bits; with keyCertSign and cRLSign: 0x86 with 1.
    expect(der.namedBits([0])).toEqual(Buffer.from([0x03, 2, 7, 0x80]));
    expect(der.namedBits([0, 5, 6])).toEqual(Buffer.from([0x03, 2, 1, 0x86]));
  });

  it('writes UTCTime before 2050 and GeneralizedTime after', () => {
    expect(der.time(new Date('2026-11-23T19:29:25.500Z')).toString('latin1')).toBe('\x17\x0d261123192925Z');
    expect(der.time(new Date('2051-01-02T03:04:05Z')).toString('latin1')).toBe('\x18\x0f20510102030405Z');
  });

  it('reads back the elements it wrote', () => {
    const inner = [der.integer(5), der.utf8String('x'.repeat(300)), der.boolean(true)];
    const outer = der.sequence(...inner);
    expect(der.children(der.contentOf(outer))).toEqual(inner);
  });

  it('reads the fields of a certificate made by Node', () => {
    const { publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const spki = publicKey.export({ format: 'der', type: 'spki' });
    // SubjectPublicKeyInfo: the algorithm and the key bits.
    const [algorithm, bits] = der.children(der.contentOf(spki));
    expect(algorithm?.[0]).toBe(0x30);
    expect(bits?.[0]).toBe(0x03);
    expect(der.contentOf(bits ?? Buffer.alloc(0)).length).toBe(66);
  });
});
