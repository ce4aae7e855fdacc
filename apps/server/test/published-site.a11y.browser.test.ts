// A published site checked by axe-core (the accessibility engine, run inside Debian's Chromium) as visitors see it:
// sections' variants, nested pages, hints of every style, tabs, titled code, a table, the 404 and search pages, in
// light and dark, on a desktop and a phone (375x667). No violation of serious or critical impact, nor two landmarks of one role and name; and what a visitor
// does by keyboard and on a phone — the search box by its shortcut and Escape, the sidebar from the menu, a
// heading's link, back and forward — with no console error and no request leaving the server.
import type { Browser, BrowserContext } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launchChromium, watchProblems } from '../src/testing/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, publishSite, startTestServer, testDialect, type TestServer } from '../src/testing/index.js';

// What the browser sees does not depend on the database (published-site.test.ts covers both over HTTP).
const skip = testDialect() === 'postgres';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let server: TestServer;
let browser: Browser | undefined;
let url: string;

const page = (title: string) => `${title} opens with a [link to setup](setup.md).

## First heading

Text of the first part.

${['info', 'success', 'warning', 'danger'].map((s) => `{% hint style="${s}" %}\nA ${s} hint.\n{% endhint %}\n`).join('\n')}
{% tabs %}
{% tab title="npm" %}
\`\`\`bash
npm install thing
\`\`\`
{% endtab %}
{% tab title="yarn" %}
\`\`\`bash
yarn add thing
\`\`\`
{% endtab %}
{% endtabs %}

| Option | Meaning |
| ------ | ------- |
| a      | first   |

## Second heading

\`\`\`js title="example.js"
const answer = 42;
\`\`\`
`;

beforeAll(async () => {
  server = await startTestServer();
  if (skip) return;
  browser = await launchChromium();
  const t = await createTenant(server);
  const ids: string[] = [];
  for (const [title, language, prefix] of [['Guide', 'en', 'guideen'], ['Guide FR', 'fr', 'guidefr']] as const) {
    const made = (await t.api.post(`/v1/orgs/${t.org}/spaces`, { title, language })).body;
    const edits = await t.api.post(`/v1/spaces/${made.id}/content/edits`, { edits: [
      { op: 'createPage', page: { id: `${prefix}-intro`, title: 'Introduction', slug: 'introduction', markdown: page('Introduction') } },
      { op: 'createPage', page: { id: `${prefix}-setup`, title: 'Setup', slug: 'setup', markdown: page('Setup') } },
      { op: 'createPage', page: { id: `${prefix}-deep`, title: 'Deep', slug: 'deep', parent: `${prefix}-setup`, markdown: page('Deep') } },
    ] });
    expect(edits.status, JSON.stringify(edits.body)).toBe(200);
    ids.push(made.id);
  }
  const site = await publishSite(t, { title: 'Zoo', visibility: 'public', spaces: ids });
  const custom = (await t.api.get(`/v1/orgs/${t.org}/sites/${site.id}/customization`)).body;
  expect((await t.api.put(`/v1/orgs/${t.org}/sites/${site.id}/customization`, { ...custom, themes: { default: 'light', toggeable: true } })).status).toBe(200);
  url = `${server.url}/sites/${site.id}`;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A context that records console errors and requests leaving the server (the 404 page's own status aside). */
async function visitor(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; problems: string[] }> {
  // axe is injected as a script, which the site's Content-Security-Policy would refuse.
  const context = await browser!.newContext({ viewport, bypassCSP: true });
  const problems = watchProblems(context, server.url, { ignoreConsole: /status of 404/ });
  return { context, problems };
}

describe.skipIf(skip)('the published site for every visitor', () => {
  it('has no serious or critical axe violation (nor landmarks alike), in light and dark, on a desktop and a phone', async () => {
    const found: string[] = [];
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
      const { context, problems } = await visitor(viewport);
      const tab = await context.newPage();
      for (const theme of ['light', 'dark']) {
        for (const path of ['/', '/setup', '/setup/deep', '/guide-fr/setup', '/no-such-page', '/~search?q=thing']) {
          await tab.goto(`${url}${path.replace('/guide-fr', '/' + (await frPath()))}${path.includes('?') ? '&' : '?'}theme=${theme}`);
          await tab.addScriptTag({ content: AXE });
          const violations = await tab.evaluate(async () => {
            const r = await (globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
            return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "landmark-unique").map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ") + JSON.stringify((n as { any?: { data?: unknown }[] }).any?.[0]?.data)).join(", ")}`);
          });
          for (const v of violations) found.push(`${viewport.width}px ${theme} ${path}: ${v}`);
          // The page body never scrolls sideways.
          const [scroll, width] = await tab.evaluate(() => [(globalThis as any).document.documentElement.scrollWidth, (globalThis as any).innerWidth]);
          if (scroll! > width!) found.push(`${viewport.width}px ${theme} ${path}: scrolls sideways (${scroll} > ${width})`);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(found).toEqual([]);
  }, 180_000); // 24 pages, each audited by axe in Chromium: over 30 s on a slow 2-core machine

  it('by keyboard: the search box by its shortcut and Escape, focus always visible, a heading link, back and forward', async () => {
    const { context, problems } = await visitor({ width: 1280, height: 800 });
    const tab = await context.newPage();
    await tab.goto(`${url}/setup`);
    // Every element Tab reaches is visible and drawn with a focus outline that it does not have unfocused.
    const outlines: { text: string; focused: string }[] = [];
    for (let i = 0; i < 30; i++) {
      await tab.keyboard.press('Tab');
      const focus = await tab.evaluate((n) => {
        const e = (globalThis as any).document.activeElement;
        const r = e.getBoundingClientRect();
        const st = (globalThis as any).getComputedStyle(e);
        e.setAttribute('data-tab-stop', String(n));
        return { tag: e.tagName, text: (e.textContent ?? '').trim().slice(0, 30), visible: r.width > 0 && r.height > 0, outline: st.outlineStyle !== 'none', focused: `${st.outlineStyle} ${st.outlineWidth} ${st.outlineColor}` };
      }, i);
      if (focus.tag === 'BODY') break;
      expect(focus.visible && focus.outline, JSON.stringify(focus)).toBe(true);
      outlines.push({ text: focus.text, focused: focus.focused });
    }
    expect(outlines.length).toBeGreaterThan(10);
    await tab.evaluate(() => (globalThis as any).document.activeElement.blur());
    const unfocused = await tab.evaluate((n) => Array.from({ length: n }, (_, i) => {
      const st = (globalThis as any).getComputedStyle((globalThis as any).document.querySelector(`[data-tab-stop="${i}"]`));
      return `${st.outlineStyle} ${st.outlineWidth} ${st.outlineColor}`;
    }), outlines.length);
    expect(outlines.filter((o, i) => o.focused === unfocused[i]).map((o) => o.text)).toEqual([]);
    await tab.keyboard.press('Control+k');
    expect(await tab.evaluate(() => (globalThis as any).document.activeElement.type)).toBe('search');
    await tab.keyboard.press('Escape');
    expect(await tab.evaluate(() => (globalThis as any).document.activeElement === (globalThis as any).document.body)).toBe(true);
    // A heading's link: the URL names it and the heading is at the top.
    await tab.locator('h2 a.anchor').first().click();
    expect(new URL(tab.url()).hash).toBe('#first-heading');
    expect(await tab.evaluate(() => Math.abs((globalThis as any).document.getElementById('first-heading').getBoundingClientRect().top) < 200)).toBe(true);
    // Next, then back and forward.
    await tab.locator('a.next').click();
    await tab.waitForURL(/\/setup\/deep$/);
    await tab.goBack();
    await tab.waitForURL(/\/setup#first-heading$/);
    await tab.goForward();
    await tab.waitForURL(/\/setup\/deep$/);
    expect((await tab.locator('h1').first().textContent())!.trim()).toBe('Deep');
    expect(problems).toEqual([]);
    await context.close();
  });
});

let fr: string | undefined;
async function frPath(): Promise<string> {
  if (fr) return fr;
  const html = await (await fetch(`${url}/setup`)).text();
  fr = /hreflang="fr" href="[^"]*\/sites\/[^/]+\/([^/"]+)\//.exec(html)![1]!;
  return fr;
}
