// The e2e tests' environment: Node's, plus a report of what each open page showed when a test
// or hook failed. A CI log is all there is of a failed run on a fresh clone; a timeout like
// "a dialog's backdrop took the click" says nothing of which dialog it was. The report names
// each page's address, its open dialogs, alerts and status lines and the focused element, and
// a screenshot goes to test-results/e2e-failures/ for a run on this machine.
/* global document -- the report's script runs in the page (page.evaluate) */
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

const SHOTS = path.resolve(__dirname, '..', '..', '..', 'test-results', 'e2e-failures');
/** Where launchBrowser (support/browser.ts) keeps the browsers a test file opened. */
const REGISTRY = '__werkboardBrowsers';

class FailureReportEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const browsers = this.global[REGISTRY];
    if (!browsers || browsers.size === 0) return;
    const title = event.name === 'hook_failure' ? `${event.hook.type} hook` : testTitle(event.test);
    const lines = [`What the open pages showed when "${title}" failed:`];
    let index = 0;
    for (const browser of browsers) {
      for (const context of browser.contexts()) {
        for (const page of context.pages()) {
          index += 1;
          lines.push(...(await withinLimit(describePage(page, `${fileSafe(title)}-${index}`), page)));
        }
      }
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}

function testTitle(test) {
  const names = [];
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name);
  return names.join(' › ');
}

function fileSafe(text) {
  return text.replace(/[^\w.-]+/g, '_').slice(0, 80);
}

/** A page that does not answer (its main thread stuck) must not hold up the run. */
const PAGE_REPORT_LIMIT_MS = 10000;

function withinLimit(report, page) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(
      () => resolve([`  page ${page.url()}`, `    (no answer within ${PAGE_REPORT_LIMIT_MS / 1000} s)`]),
      PAGE_REPORT_LIMIT_MS,
    );
  });
  return Promise.race([report, late]).finally(() => clearTimeout(timer));
}

/** A page's state in words; never throws (a closed page or a page mid-navigation says so). */
async function describePage(page, shotName) {
  const lines = [`  page ${page.url()}`];
  try {
    const state = await page.evaluate(() => {
      const name = (element) =>
        element.getAttribute('aria-label') ??
        element.querySelector('h1, h2, h3')?.textContent?.trim() ??
        element.textContent?.trim().slice(0, 60) ??
        '';
      const visible = (element) => element.getClientRects().length > 0;
      const dialogs = [...document.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]')]
        .filter(visible)
        .map((element) => `${element.tagName.toLowerCase()} "${name(element)}"`);
      const messages = [...document.querySelectorAll('[role="alert"], [role="status"]')]
        .filter(visible)
        .map((element) => element.textContent?.trim().slice(0, 120))
        .filter(Boolean);
      const active = document.activeElement;
      const focused = active && active !== document.body ? `${active.tagName.toLowerCase()} "${name(active)}"` : 'none';
      return { title: document.title, dialogs, messages, focused };
    });
    lines.push(`    title: ${state.title}`);
    lines.push(`    open dialogs: ${state.dialogs.length > 0 ? state.dialogs.join('; ') : 'none'}`);
    lines.push(`    alerts and status: ${state.messages.length > 0 ? state.messages.join(' | ') : 'none'}`);
    lines.push(`    focused: ${state.focused}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, `${shotName}.png`);
    await page.screenshot({ path: file, timeout: 5000 });
    lines.push(`    screenshot: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    lines.push(`    (not readable: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  return lines;
}

module.exports = FailureReportEnvironment;
