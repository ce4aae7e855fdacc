// The page shell of the published site, drawn from the site's customization: title and logo, favicon, header links
// (with dropdowns), announcement banner, section tabs and variants, the sidebar, the page, "on this page", previous/
// next (`pagination`), the footer (logo, groups of links, copyright, `trademark`), colors (primary, tint, hint colors,
// light and dark), theme preset (`clean`, `muted`, `bold`, `gradient`), corners, depth, fonts, link, sidebar and
// search styles, and the light/dark theme (`themes.default`: `system` follows prefers-color-scheme; `toggeable` adds a
// switch). Everything works without script: the mobile navigation toggle is a checkbox and its label, dropdowns are
// `<details>`, search a form. One small inline script (allowed by its hash in the CSP, nothing else may run) adds
// GitBook's keyboard shortcuts to search: Ctrl/⌘+K and `/` focus the search box, arrow keys move through results.
// Landmarks: banner, navigation (sections, pages, on this page), main, contentinfo; a skip link to the content.
import { createHash } from 'node:crypto';
import { uiText, type UiText } from './i18n.js';
import type { Heading } from './render.js';
import { escapeHtml, safeUrl } from './render.js';

/**
 * The site's only script, progressive enhancement of the search form (GitBook's shortcuts): Ctrl+K or ⌘+K (anywhere)
 * and `/` (outside a text field) focus the search box and select its text; on the results page ArrowDown and
 * ArrowUp move between the box and the results' links; Escape leaves the box. Without it (scripts off) the box and
 * the results are ordinary tab stops. The CSP allows it by its hash only (`script-src 'sha256-…'`).
 */
export const KEYBOARD_SCRIPT = `(function(){var d=document;function box(){return d.getElementById('search-q')}
var b=box();if(b)b.setAttribute('aria-keyshortcuts','Control+K Meta+K /');
d.addEventListener('keydown',function(e){var t=e.target,i=box();if(!i||e.defaultPrevented)return;
var field=t&&(t.isContentEditable||/^(TEXTAREA|SELECT)$/.test(t.tagName)||(t.tagName==='INPUT'&&!/^(radio|checkbox|button|submit|reset)$/.test(t.type)));
if(((e.key==='k'||e.key==='K')&&(e.ctrlKey||e.metaKey)&&!e.altKey&&!e.shiftKey)||(e.key==='/'&&!field&&!e.ctrlKey&&!e.metaKey&&!e.altKey)){e.preventDefault();i.focus();i.select();return}
if(e.key==='Escape'&&t===i){i.blur();return}
if(e.key!=='ArrowDown'&&e.key!=='ArrowUp')return;
var links=Array.prototype.slice.call(d.querySelectorAll('ul.results>li>a'));var at=links.indexOf(t);
if(!links.length||(at<0&&t!==i))return;e.preventDefault();
var next=e.key==='ArrowDown'?Math.min(at+1,links.length-1):at-1;(next<0?i:links[next]).focus()})})();`;

const KEYBOARD_SCRIPT_HASH = createHash('sha256').update(KEYBOARD_SCRIPT).digest('base64');

export interface NavItem {
  title: string;
  href?: string;
  current?: boolean;
  group?: boolean;
  external?: boolean;
  children: NavItem[];
}

export interface LinkItem {
  title: string;
  href?: string;
  external?: boolean;
}

/** The customization as a page shows it: links resolved to URLs, conditions evaluated, values checked. */
export interface Chrome {
  title: string;
  /** The customization's locale: the language of the site's own words (`uiText`). */
  lang: string;
  /** `<html lang>`: the space's language when it has one (the content's), else `lang`. */
  contentLang?: string;
  logo?: { light: string; dark: string };
  favicon?: { light: string; dark: string } | { emoji: string };
  headerLinks: (LinkItem & { style: string; links: LinkItem[] })[];
  announcement?: { message: string; style: string; link?: LinkItem };
  footer: { logo?: { light: string; dark: string }; groups: { title: string; links: LinkItem[] }[]; copyright?: string };
  styling: {
    theme: string;
    primary: { light: string; dark: string };
    tint?: { light: string; dark: string };
    hints: Partial<Record<'info' | 'success' | 'warning' | 'danger', { light: string; dark: string }>>;
    corners: string;
    depth: string;
    links: string;
    font?: string;
    headingFont?: string;
    /** `@font-face` rules of the custom fonts `font` and `headingFont` name. */
    fontFaces?: FontFaceRule[];
    monospaceFont?: string;
    sidebarBackground: string;
    sidebarList: string;
    search: string;
  };
  themes: { default: 'light' | 'dark' | 'system'; toggeable: boolean };
  pagination: boolean;
  /** GitBook's `feedback.enabled`: the "Was this page helpful?" form under each page. */
  feedback?: boolean;
  trademark: boolean;
  markdownAction: boolean;
  /** GitBook's `pdf` page action: a link to the page's PDF (`~gitbook/pdf?page=`). */
  pdfAction: boolean;
  externalTarget: 'self' | 'blank';
  privacyPolicy?: string;
  socialPreview?: string;
}

/** One weight of a custom font: its family (an identifier), its file's URL (the site's `~fonts/<key>`) and format. */
export interface FontFaceRule {
  family: string;
  weight: number;
  url: string;
  format: 'woff2' | 'woff';
}

/** A section, a section group (a drop-down of its children) or an external link (GitBook's site external links). */
export type SectionTab = { title: string; href: string; current: boolean; external?: boolean } | { group: string; current: boolean; children: SectionTab[] };

const sectionTabs = (tabs: readonly SectionTab[], target: 'self' | 'blank' = 'self'): string => tabs.map((x) => ('group' in x
  ? `<details class="dropdown section-group"><summary${x.current ? ' aria-current="true"' : ''}>${escapeHtml(x.group)}</summary><ul>${x.children.map((c) => `<li>${sectionTabs([c], target)}</li>`).join('')}</ul></details>`
  : `<a href="${safeUrl(x.href)}"${x.current ? ' aria-current="page"' : ''}${x.external ? (target === 'blank' ? ' target="_blank" rel="noopener noreferrer"' : ' rel="noopener"') : ''}>${escapeHtml(x.title)}</a>`)).join('');

const countTabs = (tabs: readonly SectionTab[]): number => tabs.reduce((n, x) => n + ('group' in x ? countTabs(x.children) : 1), 0);

export interface ShellInput {
  chrome: Chrome;
  siteHref: string;
  title: string;
  description?: string;
  /** The groups and pages above the page (GitBook's breadcrumbs), from the top; `href` where a reader goes from one. */
  breadcrumbs?: { title: string; href?: string }[];
  /** The sections of the site (tabs; section groups as dropdowns of their sections), when it has more than one. */
  sections: SectionTab[];
  /** The site spaces of the current section (variants), when there are more than one. */
  variants: { title: string; href: string; current: boolean }[];
  nav: NavItem[];
  body: string;
  headings: Heading[];
  previous?: { title: string; href: string };
  next?: { title: string; href: string };
  noindex: boolean;
  canonical?: string;
  searchHref: string;
  searchQuery?: string;
  markdownHref?: string;
  /** The same page in other languages (`hreflang`), itself included. */
  alternates?: { lang: string; href: string }[];
  /** The page's feed (`<page>/rss.xml`), when it has updates blocks. */
  rssHref?: string;
  /** The page's PDF (`~gitbook/pdf?page=<id>`). */
  pdfHref?: string;
  /** The page's generated social image (`~gitbook/ogimage/<id>`, a 1200×630 PNG, absolute), when the customization sets none. */
  ogImage?: string;
  /** The theme the reader chose (toggeable sites), else the customization's default. */
  theme: 'light' | 'dark' | 'system';
  /** URL of this page without query, for the theme switch. */
  selfHref?: string;
  /** Where the feedback form posts (`~gitbook/feedback`) and the page it rates, shown when the chrome has `feedback`. */
  feedback?: { action: string; pageId: string };
}

const FONTS: Record<string, string> = {
  ABCFavorit: '"ABC Favorit"', Inter: 'Inter', Roboto: 'Roboto', RobotoSlab: '"Roboto Slab"', OpenSans: '"Open Sans"',
  SourceSansPro: '"Source Sans Pro","Source Sans 3"', Lato: 'Lato', Ubuntu: 'Ubuntu', Raleway: 'Raleway', Merriweather: 'Merriweather',
  Overpass: 'Overpass', NotoSans: '"Noto Sans"', IBMPlexSerif: '"IBM Plex Serif"', Poppins: 'Poppins', FiraSans: '"Fira Sans"',
  FiraCode: '"Fira Code"', IBMPlexMono: '"IBM Plex Mono"', JetBrainsMono: '"JetBrains Mono"', SourceCodePro: '"Source Code Pro"',
  RobotoMono: '"Roboto Mono"', SpaceMono: '"Space Mono"', DMMono: '"DM Mono"', Inconsolata: 'Inconsolata',
};

/** A CSS color from the customization (hex, rgb(), hsl()), or undefined. */
export function cssColor(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(s)) return s;
  if (/^(?:rgb|hsl)a?\([\d\s.,%/deg]{1,60}\)$/i.test(s)) return s;
  return undefined;
}

export const fontStack = (name: string | undefined, mono = false): string | undefined => {
  const f = name ? FONTS[name] : undefined;
  return f ? `${f},${mono ? 'ui-monospace,SFMono-Regular,Menlo,monospace' : 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif'}` : undefined;
};

const HINTS = { info: ['#346ddb', '#5b8def'], success: ['#1a7f37', '#3fb950'], warning: ['#b7791f', '#d29922'], danger: ['#cf222e', '#f85149'] } as const;

/** The sRGB channels (0-1) of a `#rgb` or `#rrggbb` color, else undefined. */
function rgbOf(color: string): number[] | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
}
const mixRgb = (a: number[], b: number[], p: number) => a.map((x, i) => x * p + b[i]! * (1 - p));
const hexOf = (c: number[]) => `#${c.map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('')}`;
function luminance(c: number[]): number {
  const [r, g, b] = c.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: number[], b: number[]) => {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
/**
 * `color` as text on `base` tinted with `tint` of it: the color itself when it reads at 4.5:1 (WCAG AA), else the least
 * mix of it toward `text` (in steps of 5%) that does; a color that is not hex is mixed at 60%.
 */
export function readable(color: string, base: string, text: string, tint: number): string {
  const c = rgbOf(color);
  const b = rgbOf(base);
  const t = rgbOf(text);
  if (!c || !b || !t) return `color-mix(in srgb,${color} 60%,${text})`;
  const bg = mixRgb(c, b, tint);
  for (let p = 100; p >= 0; p -= 5) {
    const m = mixRgb(c, t, p / 100);
    if (contrast(m, bg) >= 4.5) return p === 100 ? color : hexOf(m);
  }
  return text;
}

/** The CSS variables of the customization, for light and dark. */
function themeCss(c: Chrome): string {
  const s = c.styling;
  const vars = (mode: 'light' | 'dark') => {
    const dark = mode === 'dark';
    const primary = s.primary[mode];
    const tint = s.tint?.[mode];
    const base = dark ? '#111318' : '#ffffff';
    const text = dark ? '#e6e8eb' : '#1f2328';
    const out: string[] = [
      `--primary:${primary}`,
      `--bg:${tint ? `color-mix(in srgb,${tint} ${dark ? 8 : 4}%,${base})` : base}`,
      `--text:${s.theme === 'muted' ? `color-mix(in srgb,${text} 85%,${base})` : text}`,
      `--muted:${dark ? '#9aa3ad' : '#59636e'}`,
      `--line:${dark ? '#2b3038' : '#e3e6ea'}`,
      `--side:${s.sidebarBackground === 'filled' || s.theme === 'muted' ? `color-mix(in srgb,${tint ?? primary} ${dark ? 10 : 6}%,${base})` : 'var(--bg)'}`,
      `--code-bg:${dark ? '#1b1f26' : '#f6f8fa'}`,
      `--current-bg:color-mix(in srgb,${primary} ${dark ? 22 : 12}%,transparent)`,
      `--header-bg:${s.theme === 'bold' ? primary : s.theme === 'gradient' ? `linear-gradient(90deg,${primary},color-mix(in srgb,${tint ?? primary} 60%,${dark ? '#000' : '#fff'}))` : 'var(--bg)'}`,
      `--header-text:${s.theme === 'bold' || s.theme === 'gradient' ? '#ffffff' : text}`,
      `--page-top:${s.theme === 'gradient' ? `linear-gradient(180deg,color-mix(in srgb,${primary} ${dark ? 18 : 10}%,${base}),var(--bg) 22rem)` : 'none'}`,
    ];
    // Text in the primary color (links, current entries, tab labels) on the current entry's tint, and hints' labels on
    // their tint: the color itself when it reads at 4.5:1 (WCAG AA), else mixed toward the text color just enough.
    const page = tint && rgbOf(tint) ? hexOf(mixRgb(rgbOf(tint)!, rgbOf(base)!, dark ? 0.08 : 0.04)) : base;
    out.push(`--link:${readable(primary, page, text, 0)}`, `--link-current:${readable(primary, page, text, dark ? 0.22 : 0.12)}`);
    for (const k of ['info', 'success', 'warning', 'danger'] as const) {
      const color = s.hints[k]?.[mode] ?? HINTS[k][dark ? 1 : 0];
      out.push(`--${k}:${color}`, `--${k}-text:${readable(color, page, text, 0.1)}`);
    }
    out.push(`color-scheme:${mode}`);
    return out.join(';');
  };
  const light = vars('light');
  const dark = vars('dark');
  const radius = s.corners === 'straight' ? '0' : s.corners === 'circular' ? '14px' : '8px';
  const pill = s.corners === 'straight' ? '0' : s.corners === 'circular' ? '999px' : '8px';
  const faces = (s.fontFaces ?? []).filter((f) => /^[\w-]+$/.test(f.family) && /^[\w./~-]+$/.test(f.url) && Number.isInteger(f.weight))
    .map((f) => `@font-face{font-family:"${f.family}";src:url("${f.url}") format("${f.format === 'woff2' ? 'woff2' : 'woff'}");font-weight:${f.weight};font-display:swap}`).join('');
  return faces + `:root{${light};--radius:${radius};--pill:${pill};--shadow:${s.depth === 'flat' ? 'none' : '0 1px 2px rgba(0,0,0,.06),0 2px 8px rgba(0,0,0,.05)'};` +
    `--font:${s.font ?? 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif'};--mono:${s.monospaceFont ?? 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace'}}` +
    `html[data-theme=dark]{${dark}}@media (prefers-color-scheme:dark){html[data-theme=system]{${dark}}}` +
    (s.headingFont ? `h1,h2,h3,h4,h5,h6{font-family:${s.headingFont}}` : '') +
    (s.links === 'accent' ? 'main a:not(.card):not(.anchor){color:var(--text);text-decoration:underline;text-decoration-color:var(--primary);text-underline-offset:2px}' : '');
}

const CSS = `
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.65 var(--font);color:var(--text);background:var(--bg);background-image:var(--page-top);background-repeat:no-repeat}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}article :is(p,li,td,th,dd,blockquote,figcaption) a:not(.button):not(.card):not(.anchor){text-decoration:underline;text-decoration-color:color-mix(in srgb,currentColor 45%,transparent);text-underline-offset:2px}a:not([href]){color:inherit;text-decoration:none;cursor:default}
:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0;z-index:10;background:var(--bg);padding:.5rem 1rem;border:2px solid var(--primary)}.skip:focus{left:1rem}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.announcement{display:flex;gap:.75rem;justify-content:center;align-items:center;padding:.55rem 1rem;font-size:.92rem;background:color-mix(in srgb,var(--info) 14%,var(--bg));border-bottom:1px solid color-mix(in srgb,var(--info) 35%,transparent)}
.announcement-warning{background:color-mix(in srgb,var(--warning) 16%,var(--bg))}.announcement-danger{background:color-mix(in srgb,var(--danger) 14%,var(--bg))}.announcement-success{background:color-mix(in srgb,var(--success) 14%,var(--bg))}
.announcement a{font-weight:600}
header.top{display:flex;align-items:center;gap:1rem;padding:.6rem 1.5rem;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--header-bg);color:var(--header-text);z-index:3;min-height:3.5rem}
header.top .brand{display:flex;align-items:center;gap:.6rem;font-weight:700;font-size:1.05rem;color:var(--header-text);text-decoration:none}
header.top .brand img{height:2rem;width:auto;display:block}.logo-dark{display:none!important}
html[data-theme=dark] .logo-light{display:none!important}html[data-theme=dark] .logo-dark{display:block!important}
@media (prefers-color-scheme:dark){html[data-theme=system] .logo-light{display:none!important}html[data-theme=system] .logo-dark{display:block!important}}
.dark-only{display:none!important}html[data-theme=dark] .light-only{display:none!important}html[data-theme=dark] .dark-only{display:inline!important}
@media (prefers-color-scheme:dark){html[data-theme=system] .light-only{display:none!important}html[data-theme=system] .dark-only{display:inline!important}}
nav.header-links{display:flex;align-items:center;gap:.25rem 1rem;flex-wrap:wrap}
nav.header-links a,nav.header-links summary{color:var(--header-text);opacity:.9;font-size:.95rem;cursor:pointer}
nav.header-links a.button-primary{background:var(--primary);color:#fff;opacity:1;padding:.35rem .8rem;border-radius:var(--pill)}
nav.header-links a.button-secondary{border:1px solid currentColor;padding:.3rem .75rem;border-radius:var(--pill)}
details.dropdown{position:relative}details.dropdown summary{list-style:none}details.dropdown summary::after{content:" ▾"}
details.dropdown ul{position:absolute;right:0;top:1.8rem;min-width:12rem;list-style:none;margin:0;padding:.4rem;background:var(--bg);border:1px solid var(--line);border-radius:var(--radius);box-shadow:var(--shadow)}
details.dropdown ul a{display:block;padding:.3rem .6rem;color:var(--text)}
form.search{margin-left:auto;display:flex}form.search input{font:inherit;font-size:.92rem;padding:.4rem .8rem;border:1px solid var(--line);border-radius:var(--pill);min-width:14rem;background:var(--bg);color:var(--text)}
.search-prominent form.search{margin:0 auto}.search-prominent form.search input{min-width:24rem}
.theme-switch{display:flex;gap:.3rem;font-size:.8rem}.theme-switch a{color:var(--header-text);opacity:.75;padding:.1rem .35rem;border-radius:var(--pill)}.theme-switch a[aria-current]{opacity:1;outline:1px solid currentColor}.theme-switch a[aria-current]:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
.nav-toggle{position:absolute;opacity:0;width:1px;height:1px;visibility:hidden}.nav-button{display:none;cursor:pointer;font-size:1.4rem;line-height:1;padding:.2rem .4rem;border-radius:var(--radius)}
.nav-toggle:focus-visible+header .nav-button{outline:2px solid var(--primary)}
nav.sections{display:flex;gap:.25rem;padding:0 1.5rem;border-bottom:1px solid var(--line);overflow-x:auto;background:var(--bg)}
nav.sections details.dropdown{padding:.6rem .75rem;color:var(--muted)}nav.sections details.dropdown ul{left:0;right:auto;top:2.4rem;z-index:4}nav.sections details.dropdown a{border:0;padding:.3rem .6rem;display:block}nav.sections summary[aria-current]{color:var(--link);font-weight:600}
nav.sections{overflow:visible}nav.sections a{padding:.6rem .75rem;color:var(--muted);border-bottom:2px solid transparent;white-space:nowrap}nav.sections a[aria-current]{color:var(--link);border-color:var(--primary);font-weight:600}
.layout{display:grid;grid-template-columns:17.5rem minmax(0,1fr) 14rem;min-height:calc(100vh - 3.5rem);max-width:90rem;margin:0 auto}
aside.sidebar{background:var(--side);border-right:1px solid var(--line);padding:1.25rem 1rem;position:sticky;top:3.5rem;align-self:start;height:calc(100vh - 3.5rem);overflow:auto}
aside.sidebar ul{list-style:none;margin:0;padding-left:.75rem}aside.sidebar nav>ul{padding-left:0}
aside.sidebar li a{display:block;padding:.25rem .6rem;border-radius:var(--radius);color:var(--text);font-size:.95rem}
aside.sidebar li a:hover{background:var(--current-bg);text-decoration:none}
aside.sidebar li a[aria-current]{background:var(--current-bg);color:var(--link-current);font-weight:600}
.list-pill aside.sidebar li a[aria-current]{border-radius:999px}
.list-line aside.sidebar nav ul{border-left:1px solid var(--line)}.list-line aside.sidebar li a{border-radius:0}.list-line aside.sidebar li a[aria-current]{background:none;box-shadow:inset 2px 0 0 var(--primary)}
aside.sidebar .group{margin:1.1rem 0 .3rem .6rem;font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:700}
.variants{margin-bottom:1rem;display:flex;flex-wrap:wrap;gap:.35rem}.variants a{font-size:.85rem;padding:.2rem .6rem;border:1px solid var(--line);border-radius:var(--pill);color:var(--muted)}.variants a[aria-current]{border-color:var(--primary);color:var(--link)}
main{padding:2rem 3rem 4rem;min-width:0}main article{max-width:48rem;overflow-wrap:break-word}main h1{margin:0 0 .5rem;font-size:2.1rem;line-height:1.25}
.description{color:var(--muted);font-size:1.1rem;margin-top:0}
nav.breadcrumbs ol{list-style:none;margin:0 0 .4rem;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .4rem;font-size:.8rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
nav.breadcrumbs li+li::before{content:"›";margin-right:.4rem;color:var(--muted)}nav.breadcrumbs a{color:var(--link);text-decoration:none!important}nav.breadcrumbs a:hover{text-decoration:underline!important}
nav.breadcrumbs+h1{margin-top:0}
h2,h3,h4,h5,h6{line-height:1.3;margin:2rem 0 .75rem;scroll-margin-top:4.5rem}.anchor-alias{scroll-margin-top:4.5rem}
.anchor{margin-left:.4rem;opacity:0;font-size:.8em;color:var(--muted)}h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,.anchor:focus{opacity:1}
:not(pre)>code{overflow-wrap:anywhere}code{font-family:var(--mono);font-size:.88em;background:var(--code-bg);padding:.12rem .32rem;border-radius:calc(var(--radius)/2)}
figure{margin:1.25rem 0}figure.code{border:1px solid var(--line);border-radius:var(--radius);overflow:hidden;background:var(--code-bg)}
figure.code pre{margin:0;padding:1rem;overflow:auto;display:flex;gap:1rem;font-size:.9rem;line-height:1.55}figure.code pre code{background:none;padding:0;font-size:inherit;white-space:pre}
figure.code.wrap pre code{white-space:pre-wrap;word-break:break-word}
figure.code .gutter{white-space:pre;color:var(--muted);text-align:right;user-select:none;font-family:var(--mono)}
.code-title{font-size:.85rem;color:var(--muted);padding:.45rem 1rem;border-bottom:1px solid var(--line);font-family:var(--mono)}
.tk-k{color:#cf222e}.tk-s{color:#0a3069}.tk-c{color:#6e7781;font-style:italic}.tk-n,.tk-l{color:#0550ae}.tk-f{color:#8250df}.tk-t{color:#953800}.tk-g{color:#116329}.tk-a{color:#0550ae}.tk-v{color:#953800}.tk-i{color:#116329;background:#dafbe1}.tk-d{color:#82071e;background:#ffebe9}
html[data-theme=dark] .tk-k{color:#ff7b72}html[data-theme=dark] .tk-s{color:#a5d6ff}html[data-theme=dark] .tk-c{color:#8b949e}html[data-theme=dark] .tk-n,html[data-theme=dark] .tk-l,html[data-theme=dark] .tk-a{color:#79c0ff}html[data-theme=dark] .tk-f{color:#d2a8ff}html[data-theme=dark] .tk-t,html[data-theme=dark] .tk-v{color:#ffa657}html[data-theme=dark] .tk-g{color:#7ee787}
@media (prefers-color-scheme:dark){html[data-theme=system] .tk-k{color:#ff7b72}html[data-theme=system] .tk-s{color:#a5d6ff}html[data-theme=system] .tk-c{color:#8b949e}html[data-theme=system] .tk-n,html[data-theme=system] .tk-l,html[data-theme=system] .tk-a{color:#79c0ff}html[data-theme=system] .tk-f{color:#d2a8ff}html[data-theme=system] .tk-t,html[data-theme=system] .tk-v{color:#ffa657}html[data-theme=system] .tk-g{color:#7ee787}}
pre.raw{background:var(--code-bg);padding:1rem;border-radius:var(--radius);overflow:auto;font-size:.85rem}
figure.code pre.raw-code{display:block;white-space:pre;font-family:var(--mono)}figure.code pre.raw-code code{background:none;padding:0}figure.code pre.raw-code strong{background:color-mix(in srgb,var(--primary) 14%,transparent)}
kbd{font-family:var(--mono);font-size:.82em;padding:.1rem .4rem;border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;background:var(--code-bg);white-space:nowrap}
mark{background:color-mix(in srgb,var(--warning) 25%,transparent);color:inherit;padding:0 .1em;border-radius:2px}
i.icon{display:none}img.inline-image{display:inline;height:1.2em;width:auto;vertical-align:text-bottom}
a.button{display:inline-block;padding:.4rem .9rem;border-radius:var(--radius);border:1px solid var(--primary);font-weight:600;font-size:.92rem;margin:.15rem 0}a.button.primary{background:var(--primary);color:var(--bg)}a.button:hover{text-decoration:none;filter:brightness(1.08)}
.frame{border:1px solid var(--line);border-radius:var(--radius);padding:.5rem;margin:1.25rem 0}.frame figure{margin:0}figure>img+figcaption,figure>picture+figcaption{color:var(--muted);font-size:.9rem;text-align:center}
table.header-hidden thead{display:none}.cards :is(h1,h2,h3,h4,h5,h6,p){margin:0;font-size:1rem}.cards .card-text:empty{display:none}a.mention{font-weight:500}
.hint{border-left:4px solid var(--info);background:color-mix(in srgb,var(--info) 9%,var(--bg));padding:.6rem 1rem;border-radius:var(--radius);margin:1.25rem 0}
.hint>p:first-of-type{margin-top:0}.hint>:last-child{margin-bottom:0}.hint-label{display:block;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:var(--info-text)}
.hint-warning{border-color:var(--warning);background:color-mix(in srgb,var(--warning) 10%,var(--bg))}.hint-warning .hint-label{color:var(--warning-text)}
.hint-danger{border-color:var(--danger);background:color-mix(in srgb,var(--danger) 9%,var(--bg))}.hint-danger .hint-label{color:var(--danger-text)}
.hint-success{border-color:var(--success);background:color-mix(in srgb,var(--success) 9%,var(--bg))}.hint-success .hint-label{color:var(--success-text)}
.table{overflow:auto;margin:1.25rem 0}table{border-collapse:collapse;font-size:.95rem}td,th{border:1px solid var(--line);padding:.45rem .75rem;vertical-align:top}th{background:var(--code-bg);text-align:left}
img{max-width:100%;height:auto}figure.image{text-align:center}figure.image figcaption{color:var(--muted);font-size:.9rem}
blockquote{border-left:4px solid var(--line);margin:1.25rem 0;padding:0 1rem;color:var(--muted)}
ul.tasks{list-style:none;padding-left:1rem}
.tabs{position:relative;display:flex;flex-wrap:wrap;border:1px solid var(--line);border-radius:var(--radius);margin:1.25rem 0;overflow:hidden}
.tab-input{position:absolute;opacity:0;width:1px;height:1px}
.tab-label{order:0;padding:.55rem 1rem;cursor:pointer;color:var(--muted);border-bottom:2px solid transparent;font-size:.92rem;font-weight:500}
.tab-panel{order:1;width:100%;display:none;padding:.25rem 1rem;border-top:1px solid var(--line)}
.tab-input:checked+.tab-label{color:var(--link);border-bottom-color:var(--primary)}.tab-input:checked+.tab-label+.tab-panel{display:block}
.tabs:not(:has(>.tab-input:checked))>.tab-input:first-of-type+.tab-label{color:var(--link);border-bottom-color:var(--primary)}.tabs:not(:has(>.tab-input:checked))>.tab-input:first-of-type+.tab-label+.tab-panel{display:block}
.tabs:not(:has(>.tab-input:checked)):has(>.tab-panel :target)>.tab-input+.tab-label{color:var(--muted);border-bottom-color:transparent}.tabs:not(:has(>.tab-input:checked)):has(>.tab-panel :target)>.tab-input+.tab-label+.tab-panel{display:none}
.tabs:not(:has(>.tab-input:checked)):has(>.tab-panel :target)>.tab-input+.tab-label:has(+.tab-panel :target){color:var(--link);border-bottom-color:var(--primary)}.tabs:not(:has(>.tab-input:checked)):has(>.tab-panel :target)>.tab-input+.tab-label+.tab-panel:has(:target){display:block}
.tab-input:focus-visible+.tab-label{outline:2px solid var(--primary);outline-offset:-2px}
details.expandable{border:1px solid var(--line);border-radius:var(--radius);margin:1rem 0;padding:0 1rem}details.expandable summary{cursor:pointer;padding:.7rem 0;font-weight:600}
.expandable-body{padding-bottom:.5rem}
ol.stepper{list-style:none;counter-reset:step;padding-left:0;margin:1.5rem 0}ol.stepper>li{counter-increment:step;position:relative;padding:0 0 1rem 2.75rem;border-left:2px solid var(--line);margin-left:.9rem}
ol.stepper>li::before{content:counter(step);position:absolute;left:-.95rem;top:0;width:1.8rem;height:1.8rem;border-radius:999px;background:var(--primary);color:#fff;font-size:.85rem;font-weight:700;display:flex;align-items:center;justify-content:center}
ol.stepper>li:last-child{border-color:transparent}ol.stepper>li>:first-child{margin-top:0}
.columns{display:flex;gap:1.5rem;flex-wrap:wrap;margin:1rem 0}.column{flex:1 1 0;min-width:14rem}
.card{display:flex;gap:.75rem;align-items:flex-start;border:1px solid var(--line);border-radius:var(--radius);padding:.8rem 1rem;margin:1rem 0;color:var(--text);box-shadow:var(--shadow);background:var(--bg)}
a.card:hover{border-color:var(--primary);text-decoration:none}.card-icon{flex:none;display:flex;color:var(--link);padding-top:.1rem}.card-body{display:flex;flex-direction:column;min-width:0}.card-title{font-weight:600}.card-url{color:var(--muted);font-size:.85rem;overflow:hidden;text-overflow:ellipsis}
.http-method{font:600 .75rem/1.6 var(--mono,monospace);padding:0 .4rem;border-radius:4px;background:var(--primary);color:var(--bg)}.api-method{border:1px solid var(--line);border-radius:var(--radius);padding:.8rem 1rem;margin:1rem 0}.api-method-head{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}.api-summary{font-weight:600}.api-response-head{margin:.75rem 0 .25rem}.api-status{font-weight:600}.api-required{color:var(--muted);font-size:.8rem}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem;margin:1.25rem 0}.cards .card{flex-direction:column;margin:0}.card-cover{width:100%;border-radius:calc(var(--radius)/2)}.card-text{color:var(--muted);font-size:.92rem}
.math{overflow:auto;margin:1rem 0}math{font-size:1.1em}math:not([display=block]){display:inline-block;max-width:100%;overflow-x:auto;overflow-y:hidden;vertical-align:middle}
.footnote{font-size:.9rem;color:var(--muted)}
.feedback{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-top:2.5rem;max-width:48rem;color:var(--muted)}.feedback button{font:inherit;font-size:1.25rem;line-height:1;padding:.35rem .55rem;border:1px solid var(--line);border-radius:var(--radius);background:transparent;cursor:pointer}.feedback button:hover,.feedback button:focus-visible{border-color:var(--primary)}.feedback-comment{display:grid;gap:.5rem;max-width:32rem;margin:1rem 0}.feedback-comment textarea{font:inherit;padding:.5rem;border:1px solid var(--line);border-radius:var(--radius);background:transparent;color:inherit}.feedback-comment button{justify-self:start;font:inherit;padding:.4rem .9rem;border:1px solid var(--primary);border-radius:var(--radius);background:var(--primary);color:#fff;cursor:pointer}
.pager{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);margin-top:3rem;gap:1rem;max-width:48rem}.pager a{border:1px solid var(--line);border-radius:var(--radius);padding:.75rem 1rem;color:var(--text)}.pager a:hover{border-color:var(--primary);text-decoration:none}.pager a.next{text-align:right}.pager small{color:var(--muted)}
.page-actions{display:flex;gap:1rem;font-size:.85rem;margin:.25rem 0 1.5rem}
aside.toc{padding:2rem 1rem;font-size:.88rem;position:sticky;top:3.5rem;align-self:start;max-height:calc(100vh - 3.5rem);overflow:auto;overscroll-behavior:contain}aside.toc ul{list-style:none;padding:0;margin:0;scroll-target-group:auto}aside.toc li{margin:.3rem 0}aside.toc li.l3{padding-left:.75rem}aside.toc li.l4{padding-left:1.5rem}aside.toc a{color:var(--muted)}aside.toc a:target-current{color:var(--link);font-weight:600}
aside.toc .group{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:700;margin-bottom:.5rem}
.results li{margin:.9rem 0}.results .excerpt{color:var(--muted);font-size:.9rem}.results .excerpt mark{background:color-mix(in srgb,var(--primary) 18%,transparent);color:var(--text);font-weight:600;padding:0}
footer.site-footer{border-top:1px solid var(--line);padding:2rem 1.5rem;font-size:.9rem;color:var(--muted);background:var(--side)}
footer.site-footer .inner{max-width:90rem;margin:0 auto;display:flex;flex-wrap:wrap;gap:2rem}footer.site-footer .groups{display:flex;flex-wrap:wrap;gap:2.5rem}
footer.site-footer h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;margin:0 0 .5rem;color:var(--text)}footer.site-footer ul{list-style:none;padding:0;margin:0}footer.site-footer li{margin:.3rem 0}
footer.site-footer a{color:var(--muted)}footer.site-footer .legal{width:100%;display:flex;gap:1.5rem;flex-wrap:wrap}footer.site-footer img{height:1.75rem;width:auto}
@media (max-width:1100px){.layout{grid-template-columns:16rem minmax(0,1fr)}aside.toc{display:none}}
@media (max-width:800px){
.nav-button{display:block}.nav-toggle{visibility:visible}header.top{padding:.5rem 1rem;gap:.75rem;flex-wrap:wrap}form.search{order:5;width:100%;margin:0}form.search input,.search-prominent form.search input{min-width:0;width:100%}
nav.header-links{display:none}.nav-toggle:checked~header nav.header-links{display:flex;width:100%;order:6}
.layout{display:block}aside.sidebar{display:none;position:static;max-height:none;height:auto;border-right:0;border-bottom:1px solid var(--line)}.nav-toggle:checked~.layout aside.sidebar{display:block}
main{padding:1.25rem 1rem 3rem}main h1{font-size:1.7rem}.columns{flex-direction:column}.pager{grid-template-columns:minmax(0,1fr)}.pager>span{display:none}
nav.sections{flex-wrap:wrap;padding:0 .5rem}
/* A drop-down opens in place on a phone: placed under its summary it could reach past the screen's edge. */
details.dropdown ul{position:static;min-width:0;box-shadow:none;border:0;padding:.2rem 0 0 .5rem}}
@media print{header.top,aside,nav.sections,.pager,.feedback,footer.site-footer,.announcement,.skip,.page-actions,.anchor{display:none}.layout{display:block}main{padding:0}
.tabs{display:block;border:0}.tabs>.tab-label{display:block;color:var(--text)!important;font-weight:700;border:0!important;padding:.75rem 0 .25rem}.tabs>.tab-input+.tab-label+.tab-panel{display:block!important;border:0;padding:0 0 0 1rem;border-left:2px solid var(--line)}
details>summary{list-style:none}figure.code pre,.table{overflow:visible}figure.code pre code{white-space:pre-wrap}}
@media print{details::details-content{content-visibility:visible;display:contents}}
`;

const linkHtml = (l: LinkItem, cls = '', external: 'self' | 'blank' = 'self') =>
  l.href
    ? `<a href="${safeUrl(l.href)}"${cls ? ` class="${cls}"` : ''}${l.external && external === 'blank' ? ' target="_blank" rel="noopener noreferrer"' : l.external ? ' rel="noopener"' : ''}>${escapeHtml(l.title)}</a>`
    : `<span${cls ? ` class="${cls}"` : ''}>${escapeHtml(l.title)}</span>`;

function navList(items: readonly NavItem[], external: 'self' | 'blank'): string {
  if (!items.length) return '';
  return `<ul>${items.map((i) => i.group
    ? `<li><div class="group">${escapeHtml(i.title)}</div>${navList(i.children, external)}</li>`
    : `<li>${i.href ? `<a href="${safeUrl(i.href)}"${i.current ? ' aria-current="page"' : ''}${i.external && external === 'blank' ? ' target="_blank" rel="noopener noreferrer"' : ''}>${escapeHtml(i.title)}</a>` : escapeHtml(i.title)}${navList(i.children, external)}</li>`).join('')}</ul>`;
}

const logoImgs = (logo: { light: string; dark: string }, alt: string) =>
  logo.light === logo.dark
    ? `<img src="${safeUrl(logo.light)}" alt="${escapeHtml(alt)}">`
    : `<img class="logo-light" src="${safeUrl(logo.light)}" alt="${escapeHtml(alt)}"><img class="logo-dark" src="${safeUrl(logo.dark)}" alt="${escapeHtml(alt)}">`;

function faviconLinks(f: Chrome['favicon'], title: string, color: string): string {
  // Without one, the site's initial: a browser would otherwise ask the server's root for /favicon.ico.
  if (!f) {
    const initial = escapeHtml([...title.trim()][0]?.toUpperCase() ?? 'D');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${escapeHtml(color)}"/><text x="16" y="22.5" font-family="system-ui,sans-serif" font-size="19" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
    return `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}">`;
  }
  if ('emoji' in f) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${f.emoji}</text></svg>`;
    return `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}">`;
  }
  return f.light === f.dark
    ? `<link rel="icon" href="${safeUrl(f.light)}">`
    : `<link rel="icon" href="${safeUrl(f.light)}" media="(prefers-color-scheme: light)"><link rel="icon" href="${safeUrl(f.dark)}" media="(prefers-color-scheme: dark)">`;
}

export function renderShell(s: ShellInput): string {
  const c = s.chrome;
  const w = uiText(c.lang);
  const ext = c.externalTarget;
  const tabs = countTabs(s.sections) > 1 ? `<nav class="sections" aria-label="${escapeHtml(w.sections)}">${sectionTabs(s.sections, ext)}</nav>` : '';
  const variants = s.variants.length > 1
    ? `<nav class="variants" aria-label="${escapeHtml(w.variants)}">${s.variants.map((v) => `<a href="${safeUrl(v.href)}"${v.current ? ' aria-current="true"' : ''}>${escapeHtml(v.title)}</a>`).join('')}</nav>`
    : '';
  const toc = s.headings.filter((h) => h.level <= 4);
  const headerLinks = c.headerLinks.length
    ? `<nav class="header-links" aria-label="${escapeHtml(w.links)}">${c.headerLinks.map((l) => (l.links.length
      ? `<details class="dropdown"><summary>${escapeHtml(l.title)}</summary><ul>${l.href ? `<li>${linkHtml(l, '', ext)}</li>` : ''}${l.links.map((x) => `<li>${linkHtml(x, '', ext)}</li>`).join('')}</ul></details>`
      : linkHtml(l, l.style === 'button-primary' || l.style === 'button-secondary' ? l.style : '', ext))).join('')}</nav>`
    : '';
  const announcement = c.announcement
    ? `<div class="announcement announcement-${escapeHtml(c.announcement.style)}" role="region" aria-label="${escapeHtml(w.announcement)}"><span>${escapeHtml(c.announcement.message)}</span>${c.announcement.link ? linkHtml(c.announcement.link, '', ext) : ''}</div>`
    : '';
  const themeSwitch = c.themes.toggeable && s.selfHref
    ? `<nav class="theme-switch" aria-label="${escapeHtml(w.theme)}">${(['light', 'dark', 'system'] as const).map((t) => `<a href="${safeUrl(`${s.selfHref}${s.selfHref?.includes('?') ? '&' : '?'}theme=${t}`)}"${s.theme === t ? ' aria-current="true"' : ''} rel="nofollow">${escapeHtml(t === 'light' ? w.light : t === 'dark' ? w.dark : w.auto)}</a>`).join('')}</nav>`
    : '';
  const brand = c.logo ? `${logoImgs(c.logo, c.title)}` : escapeHtml(c.title);
  const footerGroups = c.footer.groups.length
    ? `<div class="groups">${c.footer.groups.map((g) => `<nav aria-label="${escapeHtml(g.title)}"><h2>${escapeHtml(g.title)}</h2><ul>${g.links.map((l) => `<li>${linkHtml(l, '', ext)}</li>`).join('')}</ul></nav>`).join('')}</div>`
    : '';
  const legal = [
    c.footer.copyright ? `<span class="copyright">${escapeHtml(c.footer.copyright)}</span>` : '',
    c.privacyPolicy ? `<a href="${safeUrl(c.privacyPolicy)}">${escapeHtml(w.privacyPolicy)}</a>` : '',
    c.trademark ? `<span class="trademark">${escapeHtml(w.poweredBy)}</span>` : '',
  ].filter(Boolean).join('');
  const footer = c.footer.logo || footerGroups || legal
    ? `<footer class="site-footer"><div class="inner">${c.footer.logo ? `<div class="footer-logo">${logoImgs(c.footer.logo, c.title)}</div>` : ''}${footerGroups}${legal ? `<div class="legal">${legal}</div>` : ''}</div></footer>`
    : '';
  const bodyClass = [`theme-${c.styling.theme}`, `list-${c.styling.sidebarList}`, `search-${c.styling.search}`].map(escapeHtml).join(' ');
  const pageTitle = s.title === c.title ? c.title : `${s.title} | ${c.title}`;
  const preview = c.socialPreview && /^https?:\/\//i.test(c.socialPreview.trim()) ? c.socialPreview.trim() : undefined;
  const image = preview ?? (s.ogImage && /^https?:\/\//i.test(s.ogImage) ? s.ogImage : undefined);
  return `<!doctype html>
<html lang="${escapeHtml(c.contentLang ?? c.lang)}" data-theme="${s.theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(pageTitle)}</title>
${s.description ? `<meta name="description" content="${escapeHtml(s.description)}">` : ''}
${s.noindex ? '<meta name="robots" content="noindex, nofollow">' : ''}
${s.canonical ? `<link rel="canonical" href="${escapeHtml(s.canonical)}">` : ''}
${s.markdownHref ? `<link rel="alternate" type="text/markdown" href="${safeUrl(s.markdownHref)}">` : ''}
${(s.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.lang)}" href="${escapeHtml(a.href)}">`).join('')}
${s.rssHref ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(pageTitle)}" href="${safeUrl(s.rssHref)}">` : ''}
<meta property="og:type" content="website"><meta property="og:site_name" content="${escapeHtml(c.title)}"><meta property="og:title" content="${escapeHtml(pageTitle)}">${s.description ? `<meta property="og:description" content="${escapeHtml(s.description)}">` : ''}${s.canonical ? `<meta property="og:url" content="${escapeHtml(s.canonical)}">` : ''}${image ? `<meta property="og:image" content="${escapeHtml(image)}">${preview ? '' : '<meta property="og:image:type" content="image/png"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">'}<meta property="og:image:alt" content="${escapeHtml(pageTitle)}">` : ''}
<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">${image ? `<meta name="twitter:image" content="${escapeHtml(image)}"><meta name="twitter:image:alt" content="${escapeHtml(pageTitle)}">` : ''}
<meta name="color-scheme" content="${s.theme === 'system' ? 'light dark' : s.theme}">
${faviconLinks(c.favicon, c.title, c.styling.primary.light)}
<style>${themeCss(c)}${CSS}</style></head>
<body class="${bodyClass}">
<a class="skip" href="#content">${escapeHtml(w.skip)}</a>
${announcement}
<input type="checkbox" id="nav-toggle" class="nav-toggle" aria-label="${escapeHtml(w.showNavigation)}">
<header class="top">
<label for="nav-toggle" class="nav-button" aria-hidden="true" title="${escapeHtml(w.navigation)}">☰</label>
<a class="brand" href="${safeUrl(s.siteHref)}"${c.logo ? ` aria-label="${escapeHtml(c.title)}"` : ''}>${brand}</a>
${headerLinks}
<form class="search" role="search" action="${safeUrl(s.searchHref)}" method="get"><label class="visually-hidden" for="search-q">${escapeHtml(w.search)}</label><input id="search-q" type="search" name="q" placeholder="${escapeHtml(w.searchPlaceholder)}" value="${escapeHtml(s.searchQuery ?? '')}"></form>
${themeSwitch}
</header>
${tabs}
<div class="layout">
<aside class="sidebar" aria-label="${escapeHtml(w.navigation)}">${variants}<nav aria-label="${escapeHtml(w.pages)}">${navList(s.nav, ext)}</nav></aside>
<main id="content" tabindex="-1"><article>
${s.breadcrumbs?.length ? `<nav class="breadcrumbs" aria-label="${escapeHtml(w.breadcrumbs)}"><ol>${s.breadcrumbs.map((b) => `<li>${b.href ? `<a href="${safeUrl(b.href)}">${escapeHtml(b.title)}</a>` : escapeHtml(b.title)}</li>`).join('')}</ol></nav>` : ''}<h1>${escapeHtml(s.title)}</h1>
${s.description ? `<p class="description">${escapeHtml(s.description)}</p>` : ''}
${(c.markdownAction && s.markdownHref) || (c.pdfAction && s.pdfHref) ? `<div class="page-actions">${c.markdownAction && s.markdownHref ? `<a href="${safeUrl(s.markdownHref)}" type="text/markdown">${escapeHtml(w.viewMarkdown)}</a>` : ''}${c.pdfAction && s.pdfHref ? `<a href="${safeUrl(s.pdfHref)}" type="application/pdf">${escapeHtml(w.exportPdf)}</a>` : ''}</div>` : ''}
${s.body}
</article>
${c.feedback && s.feedback ? feedbackForm(s.feedback, w) : ''}
${c.pagination && (s.previous || s.next) ? `<nav class="pager" aria-label="${escapeHtml(w.previousAndNext)}">${s.previous ? `<a class="previous" rel="prev" href="${safeUrl(s.previous.href)}"><small>${escapeHtml(w.previous)}</small><br>${escapeHtml(s.previous.title)}</a>` : '<span></span>'}${s.next ? `<a class="next" rel="next" href="${safeUrl(s.next.href)}"><small>${escapeHtml(w.next)}</small><br>${escapeHtml(s.next.title)}</a>` : '<span></span>'}</nav>` : ''}
</main>
<aside class="toc" aria-label="${escapeHtml(w.onThisPage)}">${toc.length ? `<nav aria-label="${escapeHtml(w.onThisPage)}"><div class="group">${escapeHtml(w.onThisPage)}</div><ul>${toc.map((h) => `<li class="l${h.level}"><a href="#${escapeHtml(h.anchor)}">${escapeHtml(h.text)}</a></li>`).join('')}</ul></nav>` : ''}</aside>
</div>
${footer}
<script>${KEYBOARD_SCRIPT}</script>
</body></html>`;
}

/**
 * The look of a message page of no known site (a site that does not exist or is not published, a missing file): the
 * system's font and colors (light or dark), centered — before session 15 the browser's unstyled default.
 */
const MESSAGE_CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
main{max-width:36rem;margin:18vh auto 4rem;padding:0 1.5rem}h1{font-size:1.8rem;line-height:1.25;margin:0 0 .75rem}p{color:#59636e;margin:0 0 1rem}a{color:#2563eb}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem}
@media (prefers-color-scheme:dark){body{color:#e6e8eb;background:#111318}p{color:#9aa3ad}a{color:#60a5fa}}`;

/** A page of the site outside the content (404, sign-in required), in the site's look when it is known. */
/** The "Was this page helpful?" form: three buttons posting the page's rating (GitBook's bad, ok, good). */
function feedbackForm(f: { action: string; pageId: string }, w: UiText): string {
  const button = (rating: string, emoji: string, label: string) => `<button type="submit" name="rating" value="${rating}" aria-label="${escapeHtml(label)}" title="${escapeHtml(label)}">${emoji}</button>`;
  return `<form class="feedback" id="feedback" method="post" action="${safeUrl(f.action)}" aria-labelledby="feedback-label"><input type="hidden" name="page" value="${escapeHtml(f.pageId)}"><span id="feedback-label">${escapeHtml(w.wasThisHelpful)}</span>${button('bad', '🙁', w.ratingBad)}${button('ok', '😐', w.ratingOk)}${button('good', '🙂', w.ratingGood)}</form>`;
}

export function renderMessagePage(title: string, message: string, chrome?: Chrome, siteHref?: string, extraHtml = ''): string {
  const c = chrome;
  const w = uiText(c?.lang);
  return `<!doctype html><html lang="${escapeHtml(c?.contentLang ?? c?.lang ?? 'en')}" data-theme="${c?.themes.default ?? 'light'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><meta name="robots" content="noindex">${c ? `<style>${themeCss(c)}${CSS}</style>` : `<meta name="color-scheme" content="light dark">${faviconLinks(undefined, title, '#59636e')}<style>${MESSAGE_CSS}</style>`}</head><body><a class="skip" href="#content">${escapeHtml(w.skip)}</a>${c && siteHref ? `<header class="top"><a class="brand" href="${safeUrl(siteHref)}">${c.logo ? logoImgs(c.logo, c.title) : escapeHtml(c.title)}</a></header>` : ''}<main id="content"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${extraHtml}${c && siteHref ? `<p><a href="${safeUrl(siteHref)}">${escapeHtml(w.goHome)}</a></p>` : ''}</main></body></html>`;
}

/**
 * The site's Content-Security-Policy: our stylesheet inline, images from the site, https and data URLs; no script
 * but the keyboard shortcuts' (by its hash: no other inline or loaded script runs).
 */
export const SITE_CSP = `default-src 'none'; script-src 'sha256-${KEYBOARD_SCRIPT_HASH}'; style-src 'unsafe-inline'; img-src 'self' https: data:; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'`;
