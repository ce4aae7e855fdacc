// Server-side syntax highlighting for code blocks of the published site: a small tokenizer of our own (no client
// script, no dependency). One left-to-right pass, linear in the code's length whatever it holds (comment and string
// ends are found with indexOf/short scans, no backtracking regular expressions), producing escaped HTML with
// `<span class="tk-…">` around comments (c), strings (s), numbers (n), keywords (k), literals (l), types (t),
// function names (f), tags/keys (g), attributes (a), variables (v), inserted (i) and deleted (d) lines.
// Unknown languages are escaped without spans.

interface Lang {
  keywords: ReadonlySet<string>;
  literals?: ReadonlySet<string>;
  line?: readonly string[];
  block?: readonly (readonly [string, string])[];
  quotes: string;
  /** Strings in these quotes may span lines (template literals, heredoc-like). */
  multiline?: string;
  triple?: boolean;
  /** `$name` / `${…}` are variables (shells, PHP). */
  dollarVars?: boolean;
  /** `@name` decorators/annotations. */
  at?: boolean;
  caseInsensitive?: boolean;
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));
const C_LIKE_LITERALS = words('true false null undefined NaN Infinity nil None True False this self super');

const JS = words(`break case catch class const continue debugger default delete do else export extends finally for from function
  if import in instanceof let new of return static switch throw try typeof var void while with yield async await as
  interface type enum implements private protected public readonly declare namespace abstract keyof satisfies get set`);
const PY = words(`and as assert async await break class continue def del elif else except finally for from global if import in is
  lambda nonlocal not or pass raise return try while with yield match case print`);
const SH = words(`if then else elif fi for while until do done case esac in function return exit export local readonly set unset
  echo cd source alias sudo npm npx pnpm yarn pip pip3 git curl wget docker kubectl brew apt apt-get make go cargo node python python3`);
const GO = words(`break case chan const continue default defer else fallthrough for func go goto if import interface map package
  range return select struct switch type var string int int64 int32 float64 bool byte rune error any`);
const RUST = words(`as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub
  ref return static struct trait type unsafe use where while Self i32 i64 u8 u32 u64 usize f64 bool str String Vec Option Result`);
const JAVA = words(`abstract assert boolean break byte case catch char class const continue default do double else enum extends
  final finally float for goto if implements import instanceof int interface long native new package private protected public
  return short static strictfp super switch synchronized throw throws transient try void volatile while var val fun object
  when data sealed override open companion internal lateinit suspend string bool decimal using namespace struct readonly async
  await get set func let guard protocol extension import init deinit inout`);
const C = words(`auto break case char const continue default do double else enum extern float for goto if inline int long register
  restrict return short signed sizeof static struct switch typedef union unsigned void volatile while class namespace template
  typename public private protected virtual override new delete using std include define bool`);
const RUBY = words(`alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo rescue
  retry return super then undef unless until when while yield require puts attr_accessor`);
const PHP = words(`abstract and array as break callable case catch class clone const continue declare default do echo else elseif
  empty enddeclare endfor endforeach endif endswitch endwhile extends final finally fn for foreach function global goto if
  implements include instanceof insteadof interface isset list match namespace new or print private protected public
  require require_once return static switch throw trait try unset use var while yield`);
const SQL = words(`select from where and or not insert into values update set delete create table drop alter add column index
  primary key foreign references join left right inner outer on group by order having limit offset as distinct union all
  null is in like between case when then else end exists default unique constraint returning begin commit rollback`);
const GRAPHQL = words('query mutation subscription fragment on type input enum interface union scalar schema extend implements directive');

const LANGS: Record<string, Lang> = {
  js: { keywords: JS, literals: C_LIKE_LITERALS, line: ['//'], block: [['/*', '*/']], quotes: `"'\``, multiline: '`', at: true },
  python: { keywords: PY, literals: C_LIKE_LITERALS, line: ['#'], quotes: `"'`, triple: true, at: true },
  bash: { keywords: SH, literals: words('true false'), line: ['#'], quotes: `"'`, multiline: `"'`, dollarVars: true },
  go: { keywords: GO, literals: words('true false nil iota'), line: ['//'], block: [['/*', '*/']], quotes: `"'\``, multiline: '`' },
  rust: { keywords: RUST, literals: words('true false None Some Ok Err self'), line: ['//'], block: [['/*', '*/']], quotes: `"`, multiline: '"' },
  java: { keywords: JAVA, literals: C_LIKE_LITERALS, line: ['//'], block: [['/*', '*/']], quotes: `"'`, at: true },
  c: { keywords: C, literals: words('true false NULL nullptr'), line: ['//'], block: [['/*', '*/']], quotes: `"'` },
  ruby: { keywords: RUBY, literals: words('true false nil self'), line: ['#'], quotes: `"'`, multiline: `"'` },
  php: { keywords: PHP, literals: words('true false null TRUE FALSE NULL'), line: ['//', '#'], block: [['/*', '*/']], quotes: `"'`, multiline: `"'`, dollarVars: true },
  sql: { keywords: SQL, literals: words('true false'), line: ['--'], block: [['/*', '*/']], quotes: `'"`, caseInsensitive: true },
  json: { keywords: words(''), literals: words('true false null'), quotes: '"' },
  yaml: { keywords: words(''), literals: words('true false null yes no on off ~'), line: ['#'], quotes: `"'` },
  toml: { keywords: words(''), literals: words('true false'), line: ['#'], quotes: `"'`, triple: true },
  graphql: { keywords: GRAPHQL, literals: words('true false null'), line: ['#'], quotes: '"', triple: true },
  css: { keywords: words('important media import from to and not only screen'), block: [['/*', '*/']], quotes: `"'` },
};

const ALIASES: Record<string, string> = {
  javascript: 'js', jsx: 'js', mjs: 'js', cjs: 'js', ts: 'js', typescript: 'js', tsx: 'js', node: 'js',
  py: 'python', python3: 'python', sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', terminal: 'bash', powershell: 'bash', ps1: 'bash', dockerfile: 'bash', docker: 'bash', makefile: 'bash',
  golang: 'go', rs: 'rust', kotlin: 'java', kt: 'java', csharp: 'java', cs: 'java', 'c#': 'java', swift: 'java', scala: 'java', dart: 'java',
  cpp: 'c', 'c++': 'c', h: 'c', hpp: 'c', objectivec: 'c', rb: 'ruby', postgresql: 'sql', mysql: 'sql', sqlite: 'sql', plsql: 'sql',
  yml: 'yaml', ini: 'toml', gql: 'graphql', scss: 'css', less: 'css', jsonc: 'json', json5: 'json',
};

const MARKUP = new Set(['html', 'xml', 'svg', 'xhtml', 'vue', 'svelte']);
const DIFF = new Set(['diff', 'patch']);

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c]!);
const span = (cls: string, text: string): string => (text ? `<span class="tk-${cls}">${esc(text)}</span>` : '');

/** The language id the highlighter knows for a code block's syntax, or undefined. */
export function highlightLanguage(syntax: string | undefined): string | undefined {
  if (!syntax) return undefined;
  const s = syntax.toLowerCase();
  if (MARKUP.has(s)) return 'markup';
  if (DIFF.has(s)) return 'diff';
  const id = ALIASES[s] ?? s;
  return LANGS[id] ? id : undefined;
}

/** Escaped HTML of the code with highlighting spans (plain escaped text for a language it does not know). */
export function highlight(code: string, syntax: string | undefined): string {
  const lang = highlightLanguage(syntax);
  if (!lang) return esc(code);
  if (lang === 'markup') return markup(code);
  if (lang === 'diff') return diff(code);
  return tokens(code, LANGS[lang]!, lang);
}

const isIdStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isId = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Characters that may start something other than plain text in a language (comment markers, quotes, …). */
const specials = new WeakMap<Lang, Set<number>>();
function specialsOf(lang: Lang): Set<number> {
  let set = specials.get(lang);
  if (!set) {
    set = new Set<number>();
    for (const m of lang.line ?? []) set.add(m.charCodeAt(0));
    for (const [open] of lang.block ?? []) set.add(open.charCodeAt(0));
    for (const q of lang.quotes) set.add(q.charCodeAt(0));
    if (lang.dollarVars) set.add(36);
    if (lang.at) set.add(64);
    set.add(10);
    specials.set(lang, set);
  }
  return set;
}

function tokens(code: string, lang: Lang, id: string): string {
  const parts: string[] = [];
  const n = code.length;
  const special = specialsOf(lang);
  let i = 0;
  let plainFrom = 0;
  const emit = (cls: string, from: number, to: number) => {
    if (plainFrom < from) parts.push(esc(code.slice(plainFrom, from)));
    parts.push(span(cls, code.slice(from, to)));
    plainFrom = to;
  };
  let lineStart = true;
  while (i < n) {
    const c = code.charCodeAt(i);
    if (!special.has(c) && !isIdStart(c) && !isDigit(c)) {
      // Plain text (spaces, punctuation): a tight loop.
      if (c !== 32 && c !== 9 && c !== 45) lineStart = false;
      i++;
      continue;
    }
    if (c === 10) {
      lineStart = true;
      i++;
      continue;
    }
    const ch = code[i]!;
    if (special.has(c)) {
      // Comments
      const line = lang.line?.find((m) => code.startsWith(m, i) && (m !== '#' || id !== 'bash' || lineStart || code[i - 1] === ' ' || code[i - 1] === '\t'));
      if (line) {
        const end = code.indexOf('\n', i);
        const stop = end < 0 ? n : end;
        emit('c', i, stop);
        i = stop;
        continue;
      }
      const block = lang.block?.find(([open]) => code.startsWith(open, i));
      if (block) {
        const end = code.indexOf(block[1], i + block[0].length);
        const stop = end < 0 ? n : end + block[1].length;
        emit('c', i, stop);
        i = stop;
        continue;
      }
      // Strings
      if (lang.quotes.includes(ch)) {
        let stop: number;
        if (lang.triple && code.startsWith(ch.repeat(3), i)) {
          const end = code.indexOf(ch.repeat(3), i + 3);
          stop = end < 0 ? n : end + 3;
        } else {
          const multi = lang.multiline?.includes(ch) ?? false;
          const escapes = !(ch === "'" && id === 'bash');
          let j = i + 1;
          while (j < n) {
            const d = code.charCodeAt(j);
            if (d === 92 && escapes) { j += 2; continue; }
            if (d === c) { j++; break; }
            if (d === 10 && !multi) break;
            j++;
          }
          stop = Math.min(j, n);
        }
        // A JSON/YAML key is a string followed by a colon.
        let k = stop;
        while (k < n && (code[k] === ' ' || code[k] === '\t')) k++;
        emit((id === 'json' || id === 'yaml') && code[k] === ':' ? 'g' : 's', i, stop);
        i = stop;
        lineStart = false;
        continue;
      }
      // Variables
      if (lang.dollarVars && c === 36 && i + 1 < n && (isIdStart(code.charCodeAt(i + 1)) || code[i + 1] === '{') && code[i + 1] !== '$') {
        let j = i + 1;
        if (code[j] === '{') {
          const end = code.indexOf('}', j);
          j = end < 0 || end - j > 200 ? j + 1 : end + 1;
        } else while (j < n && isId(code.charCodeAt(j)) && code[j] !== '$') j++;
        emit('v', i, j);
        i = j;
        continue;
      }
      // Decorators / annotations
      if (lang.at && c === 64 && i + 1 < n && isIdStart(code.charCodeAt(i + 1))) {
        let j = i + 1;
        while (j < n && isId(code.charCodeAt(j))) j++;
        emit('a', i, j);
        i = j;
        continue;
      }
      if (!isIdStart(c) || c === 36) {
        lineStart = false;
        i++;
        continue;
      }
    }
    // Numbers (not inside identifiers)
    if (isDigit(c)) {
      let j = i + 1;
      while (j < n && (isId(code.charCodeAt(j)) || (code.charCodeAt(j) === 46 && isDigit(code.charCodeAt(j + 1))))) j++;
      emit('n', i, j);
      i = j;
      lineStart = false;
      continue;
    }
    // Words
    let j = i + 1;
    while (j < n && (isId(code.charCodeAt(j)) || (code.charCodeAt(j) === 45 && (id === 'bash' || id === 'css') && isIdStart(code.charCodeAt(j + 1))))) j++;
    const word = code.slice(i, j);
    const key = lang.caseInsensitive ? word.toLowerCase() : word;
    let k = j;
    while (k < n && (code.charCodeAt(k) === 32 || code.charCodeAt(k) === 9)) k++;
    const before = code[i - 1];
    if ((id === 'yaml' || id === 'toml') && lineStart && (code[k] === ':' || code[k] === '=')) emit('g', i, j);
    else if (lang.keywords.has(key) && !(id === 'bash' && !lineStart && before !== ' ' && before !== '\t' && before !== ';' && before !== '|' && before !== '(')) emit('k', i, j);
    else if (lang.literals?.has(key)) emit('l', i, j);
    else if (code[k] === '(' && id !== 'bash') emit('f', i, j);
    else if (id !== 'bash' && id !== 'sql' && word.length > 1 && c >= 65 && c <= 90 && code.charCodeAt(i + 1) >= 97 && code.charCodeAt(i + 1) <= 122) emit('t', i, j);
    i = j;
    lineStart = false;
  }
  if (plainFrom < n) parts.push(esc(code.slice(plainFrom)));
  return parts.join('');
}

/** HTML/XML: comments, tags, attribute names and values. */
function markup(code: string): string {
  let out = '';
  let i = 0;
  const n = code.length;
  while (i < n) {
    const lt = code.indexOf('<', i);
    if (lt < 0) {
      out += esc(code.slice(i));
      break;
    }
    out += esc(code.slice(i, lt));
    if (code.startsWith('<!--', lt)) {
      const end = code.indexOf('-->', lt + 4);
      const stop = end < 0 ? n : end + 3;
      out += span('c', code.slice(lt, stop));
      i = stop;
      continue;
    }
    // A tag: name, then attributes until '>' (quoted values may hold '>').
    let j = lt + 1;
    if (code[j] === '/' || code[j] === '!' || code[j] === '?') j++;
    while (j < n && /[\w:.-]/.test(code[j]!)) j++;
    if (j === lt + 1) {
      out += esc('<');
      i = lt + 1;
      continue;
    }
    out += span('g', code.slice(lt, j));
    while (j < n && code[j] !== '>') {
      const ch = code[j]!;
      if (ch === '"' || ch === "'") {
        const end = code.indexOf(ch, j + 1);
        const stop = end < 0 ? n : end + 1;
        out += span('s', code.slice(j, stop));
        j = stop;
      } else if (/[\w:-]/.test(ch)) {
        let k = j;
        while (k < n && /[\w:.-]/.test(code[k]!)) k++;
        out += span('a', code.slice(j, k));
        j = k;
      } else if (ch === '<') {
        break; // not a tag after all: the rest is text
      } else {
        out += esc(ch);
        j++;
      }
    }
    if (code[j] === '>') {
      out += span('g', '>');
      j++;
    }
    i = j;
  }
  return out;
}

function diff(code: string): string {
  return code.split('\n').map((line) => {
    if (line.startsWith('+')) return span('i', line);
    if (line.startsWith('-')) return span('d', line);
    if (line.startsWith('@@')) return span('k', line);
    return esc(line);
  }).join('\n');
}
