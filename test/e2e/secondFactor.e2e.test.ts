import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { de } from '@werkboard/common';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { apiToken, logIn, logOut } from './support/session';

/**
 * The second factor in Chromium (issue 13): set up in the profile (the key read from the page,
 * the code computed here with RFC 6238), log out, log in with password and code. Screenshots
 * of the profile and the login step (desktop and phone) go to SHOTS.
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(process.cwd(), 'test-results', 'second-factor');

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** RFC 6238 (SHA-1, 6 digits, 30 s) of a base32 key as the page shows it (grouped by spaces). */
function totp(key: string, unixMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key.replace(/\s/g, '')].map((char) => alphabet.indexOf(char).toString(2).padStart(5, '0')).join('');
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixMs / 30_000)));
  const mac = crypto.createHmac('sha1', secret).update(counter).digest();
  return String((mac.readUInt32BE(mac[19]! & 0xf) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function createUser(username: string, password: string): Promise<void> {
  const token = await apiToken(server.url, 'admin', server.adminPassword);
  const response = await fetch(`${server.url}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ username, password, role: 'Monteur' }),
  });
  expect(response.status).toBe(201);
}

async function page(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport });
  return context.newPage();
}

describe('second factor', () => {
  it('is set up in the profile and then asked at login', async () => {
    await createUser('tina.monteurin', 'Werkbank-Schluessel-9');
    const desktop = await page({ width: 1400, height: 900 });
    await logIn(desktop, server.url, 'tina.monteurin', 'Werkbank-Schluessel-9');
    await desktop.goto(`${server.url}/#/profile`);
    const panel = desktop.getByRole('region', { name: de.secondFactor.title });
    await panel.getByText(de.secondFactor.statusOff).waitFor();
    await panel.getByRole('button', { name: de.secondFactor.enable }).click();
    await panel.getByRole('img', { name: de.secondFactor.qrAlt }).waitFor();
    const key = (await panel.getByTestId('second-factor-secret').textContent()) ?? '';
    expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    const shot = path.join(SHOTS, 'profile-enrol-desktop.png');
    await desktop.screenshot({ path: shot, fullPage: true });
    // The QR code on the screen carries the key shown as text (read with zbar).
    expect(execFileSync('zbarimg', ['--raw', '-q', shot], { encoding: 'utf8' }).trim()).toBe(
      `otpauth://totp/Werkboard:tina.monteurin?secret=${key.replace(/\s/g, '')}&issuer=Werkboard&algorithm=SHA1&digits=6&period=30`,
    );

    await panel.getByLabel(de.secondFactor.codeLabel).fill(totp(key, Date.now()));
    await panel.getByRole('button', { name: de.secondFactor.confirmEnrolment }).click();
    const codes = panel.getByRole('list', { name: de.secondFactor.recoveryTitle });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await desktop.screenshot({ path: path.join(SHOTS, 'profile-recovery-desktop.png'), fullPage: true });
    await panel.getByRole('button', { name: de.secondFactor.recoveryDone }).click();
    await panel.getByText(de.secondFactor.statusOn).waitFor();

    await logOut(desktop);
    // On a phone now: password, then the code of the next step (the confirming one is used up).
    const phone = await page({ width: 390, height: 844 });
    await phone.goto(`${server.url}/#/login`);
    await phone.getByLabel('Benutzername').fill('tina.monteurin');
    await phone.getByLabel('Passwort').fill('Werkbank-Schluessel-9');
    await phone.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const codeInput = phone.getByLabel(de.secondFactor.codeLabel);
    await codeInput.waitFor();
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeInput.getAttribute('inputmode')).toBe('numeric');
    await codeInput.fill('000000');
    await phone.getByRole('button', { name: de.secondFactor.confirm }).click();
    await phone.getByRole('alert').getByText(de.secondFactor.codeInvalid).waitFor();
    await phone.screenshot({ path: path.join(SHOTS, 'login-code-phone.png'), fullPage: true });
    await codeInput.fill(totp(key, Date.now() + 30_000));
    await phone.getByRole('button', { name: de.secondFactor.confirm }).click();
    await phone.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
