// Chromium for the browser tests: Debian's `chromium` package (scripts/bootstrap.sh installs it), never a browser
// download; headless, no sandbox (CI runs as root), no GPU, no background networking.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.BINDERY_CHROMIUM ?? '/usr/bin/chromium';

/** Launches Chromium with the project's flags and `extraArgs`; throws, naming the path, when it is not installed. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM} (scripts/bootstrap.sh installs Debian's chromium package)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs] });
}

/**
 * What a page of the server at `serverUrl` should never do, recorded as it happens in `context`: a console error or
 * warning (save those matching `ignoreConsole`), a request leaving the server (http(s) or ws(s) only: Chromium's own
 * chrome:// and data: URLs are not), and with `answers` an answer of 400 or more. The test expects the list empty.
 */
export function watchProblems(context: BrowserContext, serverUrl: string, opts: { answers?: boolean; ignoreConsole?: RegExp } = {}): string[] {
  const problems: string[] = [];
  context.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !opts.ignoreConsole?.test(m.text())) problems.push(`console: ${m.text()} at ${m.location().url}`);
  });
  context.on('request', (r) => { if (/^(https?|wss?):/.test(r.url()) && !r.url().startsWith(serverUrl)) problems.push(`outside: ${r.url()}`); });
  if (opts.answers) context.on('response', (r) => { if (r.status() >= 400) problems.push(`answer: ${r.status()} ${r.url()}`); });
  return problems;
}
