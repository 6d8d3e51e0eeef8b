#!/usr/bin/env node
// Issues a Werkboard license key: an Ed25519-signed payload the server verifies offline.
//
//   node build/issueLicenseKey.mjs --key <private-key.pem> --email <e-mail> [--issued YYYY-MM-DD]
//
// Key format (server/src/license/licenseKey.ts reads the same):
//   base64url(JSON {v: 1, email, type: 'Lifetime', issued}) + '.' + base64url(Ed25519 signature)
// The signature covers the ASCII bytes of the first part.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

function fail(message) {
  console.error(message);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      key: { type: 'string' },
      email: { type: 'string' },
      issued: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail(error.message);
}
const usage =
  'Aufruf: node build/issueLicenseKey.mjs --key <privater-schlüssel.pem> --email <E-Mail> [--issued JJJJ-MM-TT]';
if (values.help) fail(usage);
if (!values.key || !values.email) fail(usage);

const email = values.email.trim();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`Keine gültige E-Mail-Adresse: ${email}`);
const issued = values.issued ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(issued)) fail(`Ausstellungsdatum im Format JJJJ-MM-TT angeben: ${issued}`);

let privateKey;
try {
  privateKey = crypto.createPrivateKey(fs.readFileSync(values.key));
} catch (error) {
  fail(`Privater Schlüssel konnte nicht gelesen werden: ${error.message}`);
}
if (privateKey.asymmetricKeyType !== 'ed25519') fail('Der private Schlüssel ist kein Ed25519-Schlüssel.');

const payload = Buffer.from(JSON.stringify({ v: 1, email, type: 'Lifetime', issued }), 'utf8').toString('base64url');
const signature = crypto.sign(null, Buffer.from(payload, 'ascii'), privateKey).toString('base64url');
process.stdout.write(`${payload}.${signature}\n`);
