import crypto, { type KeyObject } from 'node:crypto';
import net from 'node:net';
import * as der from './der';

/** A private key and its certificate, both PEM. */
export interface KeyAndCertificate {
  keyPem: string;
  certificatePem: string;
}

const OID = {
  organization: '2.5.4.10',
  commonName: '2.5.4.3',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  nameConstraints: '2.5.29.30',
  authorityKeyIdentifier: '2.5.29.35',
  extendedKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

const KEY_USAGE = { digitalSignature: 0, keyCertSign: 5, cRLSign: 6 } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The local authority that phones install once. */
export const AUTHORITY_VALIDITY_DAYS = 10 * 365;
/** Apple accepts at most 825 days for a TLS server certificate; this leaves a margin. */
export const SERVER_VALIDITY_DAYS = 800;
/** Certificates start an hour early, so that a phone whose clock is a little behind accepts them. */
const CLOCK_SKEW_MS = 60 * 60 * 1000;

/** The 4 or 16 bytes of an IP address. */
export function ipAddressBytes(address: string): Buffer {
  if (net.isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  if (!net.isIPv6(address)) throw new Error(`not an IP address: ${address}`);
  let text = address;
  // An IPv4 tail (::ffff:192.168.1.2) becomes two hex groups.
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4Tail) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Tail.split('.').map(Number);
    text = `${text.slice(0, -v4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const bytes = Buffer.alloc(16);
  [...headGroups, ...zeros, ...tailGroups].forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}

function distinguishedName(commonName: string): Buffer {
  return der.sequence(
    der.singletonSet(der.sequence(der.objectIdentifier(OID.organization), der.utf8String('Werkboard'))),
    der.singletonSet(der.sequence(der.objectIdentifier(OID.commonName), der.utf8String(commonName))),
  );
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return der.sequence(der.objectIdentifier(oid), ...(critical ? [der.boolean(true)] : []), der.octetString(value));
}

/** GeneralName: dNSName [2] or iPAddress [7]; in a name constraint the address carries its mask. */
function generalName(host: string, asConstraint: boolean): Buffer {
  if (net.isIP(host) === 0) return der.implicitPrimitive(2, Buffer.from(host, 'ascii'));
  const address = ipAddressBytes(host);
  const mask = Buffer.alloc(address.length, 0xff);
  return der.implicitPrimitive(7, asConstraint ? Buffer.concat([address, mask]) : address);
}

/** RFC 5280 method 1: the SHA-1 of the public key's bits (for P-256 the uncompressed point). */
function keyIdentifier(publicKey: KeyObject): Buffer {
  const { x = '', y = '' } = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([0x04]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
  return crypto.createHash('sha1').update(point).digest();
}

function serialNumber(): Buffer {
  const bytes = crypto.randomBytes(16);
  // Positive and of full length.
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes;
}

function toPem(bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

interface CertificateFields {
  issuer: Buffer;
  issuerKey: KeyObject;
  subject: Buffer;
  publicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}

function signCertificate(fields: CertificateFields): string {
  const algorithm = der.sequence(der.objectIdentifier(OID.ecdsaWithSha256));
  const tbs = der.sequence(
    der.explicit(0, der.integer(2)),
    der.integer(serialNumber()),
    algorithm,
    fields.issuer,
    der.sequence(der.time(fields.notBefore), der.time(fields.notAfter)),
    fields.subject,
    fields.publicKey.export({ format: 'der', type: 'spki' }),
    der.explicit(3, der.sequence(...fields.extensions)),
  );
  // Node signs ECDSA in DER (ECDSA-Sig-Value), which is what X.509 carries.
  const signature = crypto.sign('sha256', tbs, fields.issuerKey);
  return toPem(der.sequence(tbs, algorithm, der.bitString(signature)));
}

function newKeyPair() {
  return crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
}

/** The DER of a certificate's subject name, read from the certificate itself. */
function subjectOf(certificatePem: string): Buffer {
  const certificate = new crypto.X509Certificate(certificatePem);
  const [tbs] = der.children(der.contentOf(certificate.raw));
  // TBSCertificate: version, serial, signature algorithm, issuer, validity, subject, ...
  const subject = der.children(der.contentOf(tbs ?? Buffer.alloc(0)))[5];
  if (!subject) throw new Error('certificate without subject');
  return subject;
}

/**
 * A local certificate authority whose only job is to sign this server's certificate. Its
 * name constraints hold it to the given hosts, so a phone that trusts it trusts nothing
 * else, even if its key were stolen. The hosts must include a DNS name and an IP address,
 * or names of the missing kind would stay unconstrained.
 */
export function createCertificateAuthority(label: string, hosts: string[], now = new Date()): KeyAndCertificate {
  const { privateKey, publicKey } = newKeyPair();
  const name = distinguishedName(label);
  const certificatePem = signCertificate({
    issuer: name,
    issuerKey: privateKey,
    subject: name,
    publicKey,
    notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
    notAfter: new Date(now.getTime() + AUTHORITY_VALIDITY_DAYS * DAY_MS),
    extensions: [
      extension(OID.basicConstraints, true, der.sequence(der.boolean(true), der.integer(0))),
      extension(
        OID.keyUsage,
        true,
        der.namedBits([KEY_USAGE.digitalSignature, KEY_USAGE.keyCertSign, KEY_USAGE.cRLSign]),
      ),
      extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(publicKey))),
      extension(
        OID.nameConstraints,
        true,
        der.sequence(der.implicitConstructed(0, ...hosts.map((host) => der.sequence(generalName(host, true))))),
      ),
    ],
  });
  return { keyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), certificatePem };
}

/** The server's certificate for the given hosts (the first is its common name), signed by the authority. */
export function issueServerCertificate(
  authority: KeyAndCertificate,
  hosts: string[],
  now = new Date(),
): KeyAndCertificate {
  const { privateKey, publicKey } = newKeyPair();
  const authorityKey = crypto.createPrivateKey(authority.keyPem);
  const authorityValidTo = new Date(new crypto.X509Certificate(authority.certificatePem).validTo);
  const notAfter = new Date(Math.min(now.getTime() + SERVER_VALIDITY_DAYS * DAY_MS, authorityValidTo.getTime()));
  const certificatePem = signCertificate({
    issuer: subjectOf(authority.certificatePem),
    issuerKey: authorityKey,
    subject: distinguishedName(hosts[0] ?? 'localhost'),
    publicKey,
    notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
    notAfter,
    extensions: [
      extension(OID.basicConstraints, true, der.sequence()),
      extension(OID.keyUsage, true, der.namedBits([KEY_USAGE.digitalSignature])),
      extension(OID.extendedKeyUsage, false, der.sequence(der.objectIdentifier(OID.serverAuth))),
      extension(OID.subjectAltName, false, der.sequence(...hosts.map((host) => generalName(host, false)))),
      extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(publicKey))),
      extension(
        OID.authorityKeyIdentifier,
        false,
        der.sequence(der.implicitPrimitive(0, keyIdentifier(crypto.createPublicKey(authorityKey)))),
      ),
    ],
  });
  return { keyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), certificatePem };
}

/** The extension values of a certificate by OID (DER of the OID → content of extnValue). */
function extensionValue(certificatePem: string, oid: string): Buffer | null {
  const [tbs] = der.children(der.contentOf(new crypto.X509Certificate(certificatePem).raw));
  const extensions = der.children(der.contentOf(tbs ?? Buffer.alloc(0))).find((field) => field[0] === 0xa3);
  if (!extensions) return null;
  const wanted = der.objectIdentifier(oid);
  for (const entry of der.children(der.contentOf(der.contentOf(extensions)))) {
    const parts = der.children(der.contentOf(entry));
    const value = parts[parts.length - 1];
    if (parts[0]?.equals(wanted) && value) return der.contentOf(value);
  }
  return null;
}

/** Whether an authority made by createCertificateAuthority may sign for every one of these hosts. */
export function authorityPermits(certificatePem: string, hosts: string[]): boolean {
  const constraints = extensionValue(certificatePem, OID.nameConstraints);
  if (!constraints) return false;
  const permitted = der.children(der.contentOf(constraints)).find((part) => part[0] === 0xa0);
  const names = der.children(der.contentOf(permitted ?? Buffer.alloc(0))).map((subtree) => {
    const [name] = der.children(der.contentOf(subtree));
    return { tag: name?.[0], value: der.contentOf(name ?? Buffer.alloc(2)) };
  });
  return hosts.every((host) => {
    if (net.isIP(host) !== 0) {
      const address = ipAddressBytes(host);
      return names.some(
        (name) =>
          name.tag === 0x87 &&
          name.value.length === 2 * address.length &&
          name.value.subarray(0, address.length).equals(address),
      );
    }
    return names.some((name) => {
      const domain = name.value.toString('ascii');
      return name.tag === 0x82 && (host === domain || host.endsWith(`.${domain}`));
    });
  });
}
