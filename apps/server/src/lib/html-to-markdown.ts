// A small HTML to markdown converter for content imports: headings, paragraphs, emphasis, code, preformatted blocks,
// links and images (made absolute against the page's URL), lists (nested), block quotes, rules and simple tables.
// Scripts, styles, navigation, headers and footers are dropped; `<main>` or `<article>` is preferred to `<body>`.
// The result is then normalised by the markdown pipeline like any other page content.

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: (Node | string)[];
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr']);
const DROP = new Set(['script', 'style', 'noscript', 'svg', 'nav', 'header', 'footer', 'form', 'button', 'iframe', 'template', 'head']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©', reg: '®', mdash: '—', ndash: '–', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Parses HTML leniently into a tree (unclosed tags are closed by their parent's end). */
function parse(html: string): Node {
  const root: Node = { tag: '#root', attrs: {}, children: [] };
  const stack: Node[] = [root];
  const re = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<!doctype[^>]*>|<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/gi;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m.index > last) stack[stack.length - 1]!.children.push(html.slice(last, m.index));
    last = re.lastIndex;
    const tag = m[1]?.toLowerCase();
    if (!tag) continue;
    if (m[0][1] === '/') {
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? '').matchAll(/([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    const node: Node = { tag, attrs, children: [] };
    stack[stack.length - 1]!.children.push(node);
    if (!VOID.has(tag) && !m[3]) {
      if (tag === 'script' || tag === 'style') {
        const end = html.toLowerCase().indexOf(`</${tag}`, last);
        last = re.lastIndex = end < 0 ? html.length : end;
      }
      stack.push(node);
    }
  }
  if (last < html.length) stack[stack.length - 1]!.children.push(html.slice(last));
  return root;
}

function find(n: Node, tag: string): Node | undefined {
  for (const c of n.children) {
    if (typeof c === 'string') continue;
    if (c.tag === tag) return c;
    const hit = find(c, tag);
    if (hit) return hit;
  }
  return undefined;
}

const textOf = (n: Node | string): string => (typeof n === 'string' ? decodeEntities(n) : n.children.map(textOf).join(''));

export interface ConvertedPage {
  title: string;
  markdown: string;
}

export function htmlToMarkdown(html: string, baseUrl: string): ConvertedPage {
  const root = parse(html);
  const titleNode = find(root, 'title');
  const content = find(root, 'main') ?? find(root, 'article') ?? find(root, 'body') ?? root;
  const abs = (url: string) => {
    try {
      return new URL(url, baseUrl).toString();
    } catch {
      return url;
    }
  };
  const inline = (n: Node | string): string => {
    if (typeof n === 'string') return decodeEntities(n).replace(/\s+/g, ' ');
    if (DROP.has(n.tag)) return '';
    const inner = () => n.children.map(inline).join('');
    switch (n.tag) {
      case 'strong':
      case 'b': {
        const t = inner().trim();
        return t ? `**${t}**` : '';
      }
      case 'em':
      case 'i': {
        const t = inner().trim();
        return t ? `_${t}_` : '';
      }
      case 'code':
        return `\`${textOf(n).replace(/`/g, '')}\``;
      case 'br':
        return '\\\n';
      case 'a': {
        const t = inner().trim();
        const href = n.attrs.href;
        return href && !href.startsWith('javascript:') ? `[${t || href}](${href.startsWith('#') ? href : abs(href)})` : t;
      }
      case 'img':
        return n.attrs.src ? `![${(n.attrs.alt ?? '').replace(/[[\]]/g, '')}](${abs(n.attrs.src)})` : '';
      default:
        return inner();
    }
  };
  const blocks = (n: Node, depth = 0): string[] => {
    const out: string[] = [];
    let run = '';
    const flush = () => {
      if (run.trim()) out.push(run.trim());
      run = '';
    };
    for (const c of n.children) {
      if (typeof c === 'string' || !isBlock(c.tag)) {
        run += inline(c);
        continue;
      }
      flush();
      if (DROP.has(c.tag)) continue;
      const h = /^h([1-6])$/.exec(c.tag);
      if (h) out.push(`${'#'.repeat(Number(h[1]))} ${c.children.map(inline).join('').trim()}`);
      else if (c.tag === 'p') {
        const t = c.children.map(inline).join('').trim();
        if (t) out.push(t);
      } else if (c.tag === 'pre') {
        const code = find(c, 'code');
        const lang = /language-([\w-]+)/.exec(code?.attrs.class ?? '')?.[1] ?? '';
        out.push(`\`\`\`${lang}\n${textOf(c).replace(/\n$/, '')}\n\`\`\``);
      } else if (c.tag === 'ul' || c.tag === 'ol') {
        let i = 1;
        const lines: string[] = [];
        for (const li of c.children) {
          if (typeof li === 'string' || li.tag !== 'li') continue;
          const marker = c.tag === 'ol' ? `${i++}.` : '-';
          const body = blocks(li, depth + 1).join('\n\n').split('\n');
          lines.push(`${marker} ${body[0] ?? ''}`, ...body.slice(1).map((l) => (l ? `${' '.repeat(marker.length + 1)}${l}` : l)));
        }
        out.push(lines.join('\n'));
      } else if (c.tag === 'blockquote') {
        out.push(blocks(c, depth).join('\n\n').split('\n').map((l) => `> ${l}`).join('\n'));
      } else if (c.tag === 'hr') {
        out.push('---');
      } else if (c.tag === 'table') {
        const rows: string[][] = [];
        const collect = (x: Node) => {
          for (const r of x.children) {
            if (typeof r === 'string') continue;
            if (r.tag === 'tr') rows.push(r.children.filter((d): d is Node => typeof d !== 'string' && (d.tag === 'td' || d.tag === 'th')).map((d) => d.children.map(inline).join('').trim().replace(/\|/g, '\\|')));
            else collect(r);
          }
        };
        collect(c);
        const width = Math.max(0, ...rows.map((r) => r.length));
        if (rows.length && width) {
          const pad = (r: string[]) => `| ${[...r, ...Array(width - r.length).fill('')].join(' | ')} |`;
          out.push([pad(rows[0]!), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(pad)].join('\n'));
        }
      } else {
        out.push(...blocks(c, depth));
      }
    }
    flush();
    return out;
  };
  const parts = blocks(content);
  let title = titleNode ? textOf(titleNode).replace(/\s+/g, ' ').trim() : '';
  const first = parts[0];
  if (first && /^# /.test(first)) {
    title ||= first.slice(2).trim();
    if (first.slice(2).trim() === title) parts.shift();
  }
  return { title, markdown: parts.join('\n\n') + '\n' };
}

function isBlock(tag: string): boolean {
  return /^(h[1-6]|p|div|section|article|main|body|ul|ol|li|pre|blockquote|hr|table|thead|tbody|tfoot|tr|figure|figcaption|header|footer|nav|aside|dl|dt|dd|details|summary|form|script|style|noscript|svg|iframe|template|head)$/.test(tag);
}
