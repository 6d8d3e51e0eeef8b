import type { Browser, Dialog, Page } from 'playwright-core';

/** A fresh browser context (own storage, so own session) with a German locale. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  return context.newPage();
}

/** Logs in through the login screen and waits for the dashboard. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await page.waitForURL(/#\/login$/);
}

/** The permission links of the navigation bar that this page shows. */
export async function permissionLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const shown: string[] = [];
  for (const name of ['Vorlagen', 'Projektgruppen', 'Benutzer', 'Archiv', 'Admin']) {
    if ((await nav.getByRole('link', { name, exact: true }).count()) > 0) shown.push(name);
  }
  return shown;
}

/** Signs in through the API (for setting up data quickly) and returns the token. */
export async function apiToken(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login as ${username} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** One API call with a bearer token, for setting up and checking data: the raw answer. */
export function apiRequest(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A call that must succeed: its JSON answer, or an error naming the call, status and answer. */
export async function apiJson<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await apiRequest(baseUrl, token, method, path, body);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A user joins a project's team the way the product does it: `inviterToken`'s invitation,
 * accepted by the user signing in with `member`'s credentials.
 */
export async function joinTeam(
  baseUrl: string,
  inviterToken: string,
  projectId: string,
  member: { id: string; username: string; password: string },
): Promise<void> {
  const invitation = await apiJson<{ id: string }>(baseUrl, inviterToken, 'POST', '/invitations', {
    project: projectId,
    toUserId: member.id,
  });
  const memberToken = await apiToken(baseUrl, member.username, member.password);
  await apiJson(baseUrl, memberToken, 'POST', `/invitations/${invitation.id}/respond`, { status: 'accepted' });
}

/**
 * Reloads the page as a user would: while a change is only in the page (its save on the way,
 * not yet answered or kept in the device's queue), the app asks before the page is left
 * (renderer api/unsavedWork.ts); the user stays, and reloads again a moment later. Without
 * this, Playwright dismisses the question and `reload()` waits for a load that never comes.
 */
export async function reloadPage(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    let asked: () => void = () => undefined;
    const question = new Promise<'asked'>((resolve) => (asked = () => resolve('asked')));
    const stay = (dialog: Dialog) => {
      if (dialog.type() !== 'beforeunload') return;
      asked();
      void dialog.dismiss();
    };
    page.on('dialog', stay);
    const reload = page.reload();
    // Left waiting when the user stays: it ends with the next reload or its own timeout.
    reload.catch(() => undefined);
    try {
      if ((await Promise.race([reload.then(() => 'reloaded' as const), question])) === 'reloaded') return;
    } finally {
      page.off('dialog', stay);
    }
    if (attempt === 40) throw new Error('The page still asked before reloading after 40 tries.');
    await page.waitForTimeout(250);
  }
}
