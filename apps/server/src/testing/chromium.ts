// Chromium for the browser tests: Debian's `chromium` package (scripts/bootstrap.sh installs it), never a browser
// download; headless, no sandbox (CI runs as root), no GPU, no background networking.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.BINDERY_CHROMIUM ?? '/usr/bin/chromium';

/** Launches Chromium with the project's flags and `extraArgs`; throws, naming the path, when it is not installed. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM} (scripts/bootstrap.sh installs Debian's chromium package)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs] });
}
