// The published site's HTML: a GitBook JSON document rendered to HTML (everything escaped; links and images only to
// http(s), relative or mailto targets), and the page shell around it — header, sidebar navigation with page groups
// and nesting, the page with its heading anchors, previous/next, a search box. No script from content ever reaches
// the page; the one script of the shell (search) is ours and served under the site's strict Content-Security-Policy.
import type { Block, ContentRef, Document, InlineContent } from '../content/document.js';
import { slugify } from '../content/slug.js';

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A URL safe to put in href/src: http(s), mailto, site-relative or fragment; anything else becomes `#`. */
export function safeUrl(url: string): string {
  const u = url.trim();
  if (/^(https?:|mailto:)/i.test(u) || /^[#/?.]/.test(u) || /^[\w-][\w./%-]*(#[\w-]*)?$/.test(u)) return escapeHtml(u);
  return '#';
}

export interface RenderLinks {
  /** URL of a page of the same space by id (undefined when it is not published). */
  page(pageId: string, anchor?: string): string | undefined;
  /** URL of a file of the space by id. */
  file(fileId: string): string | undefined;
}

function refUrl(ref: ContentRef, links: RenderLinks): string {
  switch (ref.kind) {
    case 'url':
      return safeUrl(ref.url.replace(/\.md(#|$)/, '$1'));
    case 'page':
      return ref.space ? '#' : safeUrl(links.page(ref.page) ?? '#');
    case 'anchor':
      return safeUrl(ref.page ? links.page(ref.page, ref.anchor) ?? `#${ref.anchor}` : `#${ref.anchor}`);
    case 'file':
      return safeUrl(links.file(ref.file) ?? '#');
  }
}

function inline(nodes: readonly InlineContent[], links: RenderLinks): string {
  let out = '';
  for (const node of nodes) {
    if (node.object === 'text') {
      for (const leaf of node.leaves) {
        let t = escapeHtml(leaf.text);
        for (const m of leaf.marks) {
          if (m.type === 'bold') t = `<strong>${t}</strong>`;
          else if (m.type === 'italic') t = `<em>${t}</em>`;
          else if (m.type === 'code') t = `<code>${t}</code>`;
          else if (m.type === 'strikethrough') t = `<s>${t}</s>`;
        }
        out += t;
      }
    } else if (node.type === 'link') {
      out += `<a href="${refUrl(node.data.ref, links)}">${inline(node.nodes, links)}</a>`;
    } else if (node.type === 'inline-image') {
      out += `<img src="${refUrl(node.data.ref, links)}" alt="${escapeHtml(node.data.alt ?? '')}" loading="lazy">`;
    } else if (node.type === 'footnote-reference') {
      out += `<sup>[${escapeHtml(node.data.label ?? node.data.identifier)}]</sup>`;
    } else if (node.type === 'html') {
      out += /^<br\s*\/?>$/i.test(node.data.html.trim()) ? '<br>' : escapeHtml(node.data.html);
    }
  }
  return out;
}

const plain = (nodes: readonly InlineContent[]): string =>
  nodes.map((n) => (n.object === 'text' ? n.leaves.map((l) => l.text).join('') : 'nodes' in n ? plain(n.nodes as InlineContent[]) : '')).join('');

export interface Heading {
  level: number;
  text: string;
  anchor: string;
}

/** Renders a document; collects its headings (with unique anchors) into `headings`. */
export function renderDocument(doc: Document, links: RenderLinks, headings: Heading[] = []): string {
  const used = new Map<string, number>();
  const anchorOf = (text: string) => {
    const base = slugify(text) || 'section';
    const n = used.get(base) ?? 0;
    used.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
  const block = (b: Block): string => {
    switch (b.type) {
      case 'paragraph':
        return `<p>${inline(b.nodes, links)}</p>`;
      case 'heading-1': case 'heading-2': case 'heading-3': case 'heading-4': case 'heading-5': case 'heading-6': {
        const level = Number(b.type.slice(-1)) + 1; // the page title is the h1
        const text = plain(b.nodes);
        const anchor = anchorOf(text);
        headings.push({ level, text, anchor });
        const h = `h${Math.min(level, 6)}`;
        return `<${h} id="${escapeHtml(anchor)}">${inline(b.nodes, links)}<a class="anchor" href="#${escapeHtml(anchor)}" aria-label="Link to this section">#</a></${h}>`;
      }
      case 'list-ordered':
        return `<ol${b.data.start && b.data.start !== 1 ? ` start="${Number(b.data.start)}"` : ''}>${b.nodes.map(block).join('')}</ol>`;
      case 'list-unordered':
        return `<ul>${b.nodes.map(block).join('')}</ul>`;
      case 'list-tasks':
        return `<ul class="tasks">${b.nodes.map(block).join('')}</ul>`;
      case 'list-item': {
        const box = b.data.checked === undefined ? '' : `<input type="checkbox" disabled${b.data.checked ? ' checked' : ''}> `;
        return `<li>${box}${b.nodes.map(block).join('')}</li>`;
      }
      case 'blockquote':
        return `<blockquote>${b.nodes.map(block).join('')}</blockquote>`;
      case 'hint':
        return `<div class="hint hint-${escapeHtml(b.data.style)}" role="note">${b.nodes.map(block).join('')}</div>`;
      case 'code': {
        const lines = b.nodes.map((l) => escapeHtml(l.nodes.map((t) => t.leaves.map((x) => x.text).join('')).join(''))).join('\n');
        const title = b.data.title ? `<div class="code-title">${escapeHtml(b.data.title)}</div>` : '';
        const lang = b.data.syntax ? ` class="language-${escapeHtml(b.data.syntax)}"` : '';
        return `<figure class="code">${title}<pre><code${lang}>${lines}</code></pre></figure>`;
      }
      case 'code-line':
        return escapeHtml(b.nodes.map((t) => t.leaves.map((x) => x.text).join('')).join(''));
      case 'table': {
        const [head, ...rows] = b.nodes;
        const cells = (r: (typeof b.nodes)[number], tag: string) => r.nodes.map((c, i) => {
          const align = b.data.align[i];
          return `<${tag}${align ? ` style="text-align:${align}"` : ''}>${inline(c.nodes, links)}</${tag}>`;
        }).join('');
        return `<div class="table"><table>${head ? `<thead><tr>${cells(head, 'th')}</tr></thead>` : ''}<tbody>${rows.map((r) => `<tr>${cells(r, 'td')}</tr>`).join('')}</tbody></table></div>`;
      }
      case 'table-row': case 'table-cell':
        return '';
      case 'images':
        return `<div class="images">${b.nodes.map(block).join('')}</div>`;
      case 'image': {
        const caption = b.fragments[0]?.nodes.map(block).join('') ?? '';
        return `<figure><img src="${refUrl(b.data.ref, links)}" alt="${escapeHtml(b.data.alt ?? '')}" loading="lazy">${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
      }
      case 'divider':
        return '<hr>';
      case 'html':
        // Raw HTML and GitBook blocks Bindery does not model are shown as text, never interpreted.
        return `<pre class="raw">${escapeHtml(b.data.html)}</pre>`;
      case 'footnote-definition':
        return `<div class="footnote"><sup>[${escapeHtml(b.data.label ?? b.data.identifier)}]</sup> ${b.nodes.map(block).join('')}</div>`;
      case 'math':
        return `<div class="math" role="math"><pre>${escapeHtml(b.data.formula)}</pre></div>`;
    }
  };
  return doc.nodes.map(block).join('\n');
}

// Page shell -----------------------------------------------------------------------------------------------------

export interface NavItem {
  title: string;
  href?: string;
  current?: boolean;
  group?: boolean;
  children: NavItem[];
}

export interface ShellInput {
  siteTitle: string;
  siteHref: string;
  title: string;
  description?: string;
  /** The sections of the site (tabs at the top), when it has more than one. */
  sections: { title: string; href: string; current: boolean }[];
  /** The site spaces of the current section (variants), when there are more than one. */
  variants: { title: string; href: string; current: boolean }[];
  nav: NavItem[];
  body: string;
  headings: Heading[];
  previous?: { title: string; href: string };
  next?: { title: string; href: string };
  noindex: boolean;
  searchHref: string;
  markdownHref?: string;
  status?: number;
}

const CSS = `
:root{--primary:#346ddb;--text:#1f2328;--muted:#59636e;--line:#e5e7eb;--bg:#fff;--side:#f8f9fb}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--primary);text-decoration:none}a:hover{text-decoration:underline}
header.top{display:flex;align-items:center;gap:1.5rem;padding:.75rem 1.5rem;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:2}
header.top .brand{font-weight:700;color:var(--text)}header.top nav a{margin-right:1rem;color:var(--muted)}header.top nav a.current{color:var(--primary);font-weight:600}
form.search{margin-left:auto}form.search input{padding:.4rem .7rem;border:1px solid var(--line);border-radius:6px;min-width:16rem}
.layout{display:grid;grid-template-columns:17rem minmax(0,1fr) 14rem;min-height:calc(100vh - 3.5rem)}
aside.sidebar{background:var(--side);border-right:1px solid var(--line);padding:1rem}
aside.sidebar ul{list-style:none;margin:0;padding-left:.75rem}aside.sidebar>nav>ul{padding-left:0}
aside.sidebar li a{display:block;padding:.2rem .4rem;border-radius:4px;color:var(--text)}aside.sidebar li a.current{background:#e8effc;color:var(--primary);font-weight:600}
aside.sidebar .group{margin-top:1rem;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);font-weight:600}
.variants{margin-bottom:1rem}.variants select{width:100%}
main{padding:2rem 3rem;max-width:52rem}main h1{margin-top:0}
.anchor{margin-left:.4rem;opacity:0;font-size:.8em}h2:hover .anchor,h3:hover .anchor,h4:hover .anchor{opacity:1}
pre{background:#f6f8fa;padding:1rem;border-radius:6px;overflow:auto}code{background:#f6f8fa;padding:.1rem .3rem;border-radius:4px}pre code{background:none;padding:0}
figure.code .code-title{font-size:.85rem;color:var(--muted);margin-bottom:.25rem}
.hint{border-left:4px solid var(--primary);background:#eef4fe;padding:.5rem 1rem;border-radius:4px;margin:1rem 0}
.hint-warning{border-color:#d4a72c;background:#fff8e1}.hint-danger{border-color:#cf222e;background:#ffebe9}.hint-success{border-color:#1a7f37;background:#e6f6ea}
.table{overflow:auto}table{border-collapse:collapse}td,th{border:1px solid var(--line);padding:.4rem .7rem}
img{max-width:100%}blockquote{border-left:4px solid var(--line);margin:1rem 0;padding:0 1rem;color:var(--muted)}
.pager{display:flex;justify-content:space-between;margin-top:3rem;gap:1rem}.pager a{border:1px solid var(--line);border-radius:6px;padding:.75rem 1rem;flex:1}.pager a.next{text-align:right}
aside.toc{padding:2rem 1rem;font-size:.9rem}aside.toc ul{list-style:none;padding:0}aside.toc li.l3{padding-left:.75rem}aside.toc a{color:var(--muted)}
.results li{margin:.75rem 0}.results .excerpt{color:var(--muted);font-size:.9rem}
@media (max-width:900px){.layout{grid-template-columns:1fr}aside.toc,aside.sidebar{display:none}}
`;

function navList(items: readonly NavItem[]): string {
  if (!items.length) return '';
  return `<ul>${items.map((i) => i.group
    ? `<li><div class="group">${escapeHtml(i.title)}</div>${navList(i.children)}</li>`
    : `<li>${i.href ? `<a href="${safeUrl(i.href)}"${i.current ? ' class="current" aria-current="page"' : ''}>${escapeHtml(i.title)}</a>` : escapeHtml(i.title)}${navList(i.children)}</li>`).join('')}</ul>`;
}

export function renderShell(s: ShellInput): string {
  const tabs = s.sections.length > 1
    ? `<nav class="sections">${s.sections.map((x) => `<a href="${safeUrl(x.href)}"${x.current ? ' class="current"' : ''}>${escapeHtml(x.title)}</a>`).join('')}</nav>`
    : '';
  const variants = s.variants.length > 1
    ? `<div class="variants"><nav aria-label="Variants">${s.variants.map((v) => `<a href="${safeUrl(v.href)}"${v.current ? ' class="current"' : ''}>${escapeHtml(v.title)}</a>`).join(' · ')}</nav></div>`
    : '';
  const toc = s.headings.filter((h) => h.level <= 3);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(s.title === s.siteTitle ? s.siteTitle : `${s.title} | ${s.siteTitle}`)}</title>
${s.description ? `<meta name="description" content="${escapeHtml(s.description)}">` : ''}
${s.noindex ? '<meta name="robots" content="noindex, nofollow">' : ''}
${s.markdownHref ? `<link rel="alternate" type="text/markdown" href="${safeUrl(s.markdownHref)}">` : ''}
<style>${CSS}</style></head>
<body>
<header class="top"><a class="brand" href="${safeUrl(s.siteHref)}">${escapeHtml(s.siteTitle)}</a>${tabs}
<form class="search" role="search" action="${safeUrl(s.searchHref)}" method="get"><input type="search" name="q" placeholder="Search…" aria-label="Search"></form></header>
<div class="layout">
<aside class="sidebar">${variants}<nav aria-label="Pages">${navList(s.nav)}</nav></aside>
<main><article>
<h1>${escapeHtml(s.title)}</h1>
${s.description ? `<p class="description">${escapeHtml(s.description)}</p>` : ''}
${s.body}
</article>
${s.previous || s.next ? `<nav class="pager">${s.previous ? `<a class="previous" rel="prev" href="${safeUrl(s.previous.href)}"><small>Previous</small><br>${escapeHtml(s.previous.title)}</a>` : '<span></span>'}${s.next ? `<a class="next" rel="next" href="${safeUrl(s.next.href)}"><small>Next</small><br>${escapeHtml(s.next.title)}</a>` : ''}</nav>` : ''}
</main>
<aside class="toc">${toc.length ? `<div class="group">On this page</div><ul>${toc.map((h) => `<li class="l${h.level}"><a href="#${escapeHtml(h.anchor)}">${escapeHtml(h.text)}</a></li>`).join('')}</ul>` : ''}</aside>
</div></body></html>`;
}

/** The site's Content-Security-Policy: our stylesheet inline, images from anywhere https, nothing else. */
export const SITE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";
