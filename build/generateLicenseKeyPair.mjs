#!/usr/bin/env node
// Generates the Ed25519 key pair for Werkboard license keys.
//
//   node build/generateLicenseKeyPair.mjs <private-key-file.pem>
//
// Writes the private key (PKCS#8 PEM, mode 600) to the given file and prints the public key
// PEM, which goes into server/src/license/publicKey.ts (or the server's LICENSE_PUBLIC_KEY).
// The private key issues license keys (build/issueLicenseKey.mjs); keep it off the repository.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(message);
  process.exit(1);
}

const target = process.argv[2];
if (!target || target === '--help' || target === '-h') {
  fail('Aufruf: node build/generateLicenseKeyPair.mjs <Datei für den privaten Schlüssel.pem>');
}
const file = path.resolve(target);
const relative = path.relative(repositoryRoot, file);
if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
  fail(`Der private Schlüssel darf nicht im Repository liegen: ${file}`);
}
if (fs.existsSync(file)) fail(`Die Datei existiert bereits und wird nicht überschrieben: ${file}`);

const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
process.stdout.write(publicKey.export({ type: 'spki', format: 'pem' }));
console.error(`Privater Schlüssel gespeichert: ${file}`);
