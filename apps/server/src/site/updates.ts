// A page's updates blocks (GitBook's `{% updates format="…" %}` of `{% update date="YYYY-MM-DD" %}` … `{% endupdate
// %}` entries, as the stored markdown keeps them) and the RSS feed GitBook serves for such a page at `<page>/rss.xml`.
// Linear: one pass over the lines (fenced code skipped), the feed written once.
import { readTagLine } from '../content/gitbook-blocks.js';

/** Entries of a feed at most (the page's first ones: GitBook's updates are written newest first). */
export const FEED_MAX_ITEMS = 100;

export interface UpdateEntry {
  /** As written (`2026-04-22`). */
  date: string;
  /** The entry's markdown (its lines between the tags). */
  markdown: string;
  /** Its first heading's text, when it has one. */
  heading?: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** Whether the markdown may hold an updates block (cheap: pages without one cost an indexOf). */
export const mayHoldUpdates = (markdown: string): boolean => markdown.includes('{% updates') || markdown.includes('{%- updates');

/** The update entries of a page's markdown, in the page's order (at most `max`). */
export function updatesOf(markdown: string, max = FEED_MAX_ITEMS): UpdateEntry[] {
  if (!mayHoldUpdates(markdown)) return [];
  const out: UpdateEntry[] = [];
  let fence: string | undefined;
  let depth = 0; // inside `{% updates %}`
  let entry: { date: string; lines: string[]; heading?: string } | undefined;
  for (const line of markdown.split('\n')) {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
      entry?.lines.push(line);
      continue;
    }
    if (f) {
      fence = f[1]!;
      entry?.lines.push(line);
      continue;
    }
    const trimmed = line.trim();
    const tag = trimmed.startsWith('{%') ? readTagLine(trimmed) : undefined;
    if (tag?.name === 'updates') {
      depth = tag.kind === 'open' ? depth + 1 : Math.max(0, depth - 1);
      continue;
    }
    if (tag?.name === 'update' && depth > 0) {
      if (tag.kind === 'open' && !entry) entry = { date: tag.attributes.date ?? '', lines: [] };
      else if (tag.kind === 'close' && entry) {
        out.push({ date: entry.date, markdown: entry.lines.join('\n').trim(), ...(entry.heading !== undefined ? { heading: entry.heading } : {}) });
        entry = undefined;
        if (out.length >= max) break;
      }
      continue;
    }
    if (entry) {
      if (entry.heading === undefined) {
        const h = HEADING.exec(line);
        if (h) entry.heading = h[1]!;
      }
      entry.lines.push(line);
    }
  }
  return out;
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
  // Characters XML 1.0 does not allow.
  // eslint-disable-next-line no-control-regex
  .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

/** An RFC 822 date (RSS's pubDate) of a `YYYY-MM-DD` date, or undefined. */
function rssDate(date: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? undefined : d.toUTCString();
}

export interface FeedItem {
  title: string;
  date: string;
  link: string;
  /** The entry drawn as HTML (links absolute). */
  html: string;
}

/** An RSS 2.0 feed of a page's updates. */
export function rssFeed(channel: { title: string; link: string; self: string; description: string; language: string }, items: readonly FeedItem[]): string {
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xml(channel.title)}</title>`,
    `<link>${xml(channel.link)}</link>`,
    `<description>${xml(channel.description)}</description>`,
    `<language>${xml(channel.language)}</language>`,
    `<atom:link href="${xml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    '<generator>Bindery</generator>',
  ];
  for (const it of items) {
    const pub = rssDate(it.date);
    out.push('<item>',
      `<title>${xml(it.title)}</title>`,
      `<link>${xml(it.link)}</link>`,
      `<guid isPermaLink="false">${xml(`${channel.link}#${it.date}#${it.title}`)}</guid>`,
      ...(pub ? [`<pubDate>${pub}</pubDate>`] : []),
      `<description>${xml(it.html)}</description>`,
      '</item>');
  }
  out.push('</channel>', '</rss>', '');
  return out.join('\n');
}
