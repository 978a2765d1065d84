/**
 * What the browser tests share: Debian's Chromium and its headless flags, whether it is there (mandatory in CI,
 * skipped loudly elsewhere), and the problems a page reports that it should not have.
 */
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const chromiumInstalled = existsSync(CHROMIUM_PATH);
export const runningInCi = Boolean(process.env.CI);

/** Warns, once per test file, when the browser is missing outside CI: `what` is skipped. */
export function warnWhenSkipped(what: string): void {
  if (!chromiumInstalled && !runningInCi) {
    console.warn(
      `\n!!! ${CHROMIUM_PATH} is missing: ${what} is SKIPPED.\n` +
        '!!! Install it with `apt-get install -y chromium` to run it (CI installs it and fails without it).\n',
    );
  }
}

/** What the page reported that it should not have: script errors, console errors, blocked resources. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  return problems;
}
