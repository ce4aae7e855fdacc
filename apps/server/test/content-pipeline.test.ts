// Content processing under load, over HTTP on both databases: pathological and large page writes (parsed in the
// content worker pool with its time budget) run while ordinary reads of another tenant keep answering. The reads'
// latencies are measured and printed (timing goals live in scripts/bench-pipeline.mjs, not here); the test asserts
// that they answered while the heavy requests were running, and that no heavy request answered 5xx.
import { describe, expect, it } from 'vitest';
import { adversarialInputs, realisticPage } from '../src/testing/docs-corpus.js';
import { MAX_INDEXED_LINKS } from '../src/engine/content-index.js';
import { createPage, createSpaceTenant, useTestServer } from '../src/testing/index.js';

// A generous budget: this test is about the event loop staying free, not about the budget on a loaded machine.
const server = useTestServer({ contentBudgetMs: 10_000 });

describe('content processing off the event loop', () => {
  it('keeps answering ordinary reads while pathological and large pages are written; never a 5xx', async () => {
    const heavy = await createSpaceTenant(server, 'Heavy');
    const light = await createSpaceTenant(server, 'Light');
    const target = await createPage(heavy.api, heavy.base, { title: 'Target', markdown: 'Start.' });
    const readable = await createPage(light.api, light.base, { title: 'Readable', markdown: '# Hello\n\nA page to read.' });

    const inputs = adversarialInputs();
    const bodies: [string, string][] = [
      ['*a (400 KB)', inputs['*a (400 KB)']!],
      ['blockquote 4,000 deep (8 KB)', inputs['blockquote 4,000 deep (8 KB)']!],
      ['list 1,000 deep (2 KB x indent)', inputs['list 1,000 deep (2 KB x indent)']!],
      ['[ (400 KB)', inputs['[ (400 KB)']!],
      ['_a**b (400 KB)', inputs['_a**b (400 KB)']!],
      ['realistic 1 MB', realisticPage(1024 * 1024)],
    ];
    let running = true;
    const heavyRun = (async () => {
      const out: { name: string; status: number; message?: string }[] = [];
      for (const [name, markdown] of bodies) {
        const r = await heavy.api.patch(`${heavy.base}/content/page/${target.id}`, { markdown });
        out.push({ name, status: r.status, message: r.body?.error?.message });
      }
      running = false;
      return out;
    })();

    const latencies: number[] = [];
    let duringHeavy = 0;
    const reads = (async () => {
      while (running) {
        const started = performance.now();
        const r = await light.api.get(`${light.base}/content/page/${readable.id}`);
        latencies.push(performance.now() - started);
        expect(r.status).toBe(200);
        expect(r.body.title).toBe('Readable');
        if (running) duringHeavy++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const [results] = await Promise.all([heavyRun, reads]);

    for (const r of results) {
      expect(r.status, `${r.name}: ${r.status} ${r.message}`).toBeLessThan(500);
      expect([200, 413, 422], r.name).toContain(r.status);
      if (r.status !== 200) expect(r.message, r.name).toMatch(/limit|budget/);
    }
    expect(results.find((r) => r.name === 'blockquote 4,000 deep (8 KB)')).toMatchObject({ status: 422, message: expect.stringContaining('nested levels') });
    expect(results.find((r) => r.name === 'realistic 1 MB'), JSON.stringify(results)).toMatchObject({ status: 200 });
    // Reads answered while the heavy writes were running (one request at a time, each waiting for the previous).
    expect(duringHeavy).toBeGreaterThan(bodies.length);
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    console.log(`reads during heavy writes: ${latencies.length}, latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms; writes: ${results.map((r) => `${r.name} ${r.status}`).join(', ')}`);

    // The page kept the last accepted content and is readable.
    const page = await heavy.api.get(`${heavy.base}/content/page/${target.id}?format=markdown`);
    expect(page.status).toBe(200);
    expect(page.body.markdown.length).toBeGreaterThan(900_000);
    // Its JSON document (the default format) is parsed in the worker pool too.
    const doc = await heavy.api.get(`${heavy.base}/content/page/${target.id}`);
    expect(doc.status).toBe(200);
    expect(doc.body.document.nodes.length).toBeGreaterThan(1000);
    // Six heavy writes and reads that wait for them: ~25 s on a loaded 2-core machine, so more than the default time.
  }, 90_000);

  it('indexes the first links of a page with very many (a bounded write), and keeps the page whole', async () => {
    const { api, base } = await createSpaceTenant(server, 'Links');
    const markdown = Array.from({ length: MAX_INDEXED_LINKS + 100 }, (_, i) => `[l${i}](https://example.com/${i})`).join(' ');
    const page = await createPage(api, base, { title: 'Many links', markdown });
    const links = await api.get(`${base}/links?limit=1`);
    expect(links.status).toBe(200);
    expect(links.body.count).toBe(MAX_INDEXED_LINKS);
    const read = await api.get(`${base}/content/page/${page.id}?format=markdown`);
    expect(read.body.markdown).toContain(`(https://example.com/${MAX_INDEXED_LINKS + 99})`);
  });
});
