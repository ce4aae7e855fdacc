// The thirteenth round of real GitBook-synced repositories: constructs of their files, on text written for this test.
import { describe, expect, it } from 'vitest';
import { formatSummary, parseSummary } from './summary.js';

describe('group headings of SUMMARY.md with an id-only anchor', () => {
  it('reads `<a id="x"></a>` (GitBook 2019-2020) as the group\'s anchor, not as part of its title', () => {
    const summary = parseSummary('# Table of contents\n\n* [Intro](README.md)\n\n## 快速开始 <a id="quickstart"></a>\n\n* [Install](install.md)\n');
    const group = summary.groups.find((g) => g.title === '快速开始');
    expect(group?.anchor).toBe('quickstart');
    // Written back with the anchor GitBook writes today (its id kept).
    expect(formatSummary(summary)).toContain('## 快速开始 <a href="#quickstart" id="quickstart"></a>');
    // The form with `href` is read as before.
    expect(parseSummary('## Reference <a href="#api" id="api"></a>\n\n* [A](a.md)\n').groups[0]).toMatchObject({ title: 'Reference', anchor: 'api' });
  });
});
