// Adaptive content conditions (`visitor.claims.beta === true && !visitor.claims.unsigned.trial`), evaluated by a
// small parser of our own — no eval, no Function. Grammar: || && ! ( ) comparisons (=== !== == != < <= > >=),
// member access (a.b, a["b"]), string/number/boolean/null literals. Bounded: at most 1024 characters and 200
// tokens; anything it cannot parse or evaluate counts as false.
export type Claims = Record<string, unknown>;

type Token = { kind: 'id' | 'str' | 'num' | 'op'; value: string };

const MAX_LENGTH = 1024;
const MAX_TOKENS = 200;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i++; continue; }
    const op = ['===', '!==', '==', '!=', '<=', '>=', '&&', '||'].find((o) => src.startsWith(o, i)) ?? ('!<>().[]'.includes(c) ? c : undefined);
    if (op) { out.push({ kind: 'op', value: op }); i += op.length; }
    else if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) { s += src[j] === '\\' ? src[++j] ?? '' : src[j]; j++; }
      if (j >= src.length) throw new Error('unterminated string');
      out.push({ kind: 'str', value: s });
      i = j + 1;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i))!;
      out.push({ kind: 'num', value: m[0] });
      i += m[0].length;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][\w$]*/.exec(src.slice(i))!;
      out.push({ kind: 'id', value: m[0] });
      i += m[0].length;
    } else throw new Error(`unexpected ${c}`);
    if (out.length > MAX_TOKENS) throw new Error('too long');
  }
  return out;
}

/** Evaluates a condition against a context (`{visitor: {claims}}`); false on any error. */
export function evaluateCondition(condition: string, context: Record<string, unknown>): boolean {
  if (condition.length > MAX_LENGTH) return false;
  try {
    const tokens = tokenize(condition);
    let pos = 0;
    const peek = () => tokens[pos];
    const eat = (v?: string) => {
      const t = tokens[pos++];
      if (!t || (v !== undefined && t.value !== v)) throw new Error('syntax');
      return t;
    };
    const own = (o: unknown, k: string) => (o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k) ? (o as Record<string, unknown>)[k] : undefined);
    const primary = (): unknown => {
      const t = eat();
      if (t.kind === 'op' && t.value === '(') { const v = or(); eat(')'); return v; }
      if (t.kind === 'op' && t.value === '!') return !truthy(primary());
      if (t.kind === 'str') return t.value;
      if (t.kind === 'num') return Number(t.value);
      if (t.kind === 'id') {
        if (t.value === 'true') return true;
        if (t.value === 'false') return false;
        if (t.value === 'null') return null;
        let v: unknown = own(context, t.value);
        for (;;) {
          const n = peek();
          if (n?.value === '.') { eat(); v = own(v, eat().value); }
          else if (n?.value === '[') { eat(); const k = eat(); eat(']'); v = own(v, k.value); }
          else break;
        }
        return v;
      }
      throw new Error('syntax');
    };
    const truthy = (v: unknown) => Boolean(v);
    const comparison = (): unknown => {
      const left = primary();
      const op = peek();
      if (!op || !['===', '!==', '==', '!=', '<', '<=', '>', '>='].includes(op.value)) return left;
      eat();
      const right = primary();
      switch (op.value) {
        case '===': case '==': return left === right;
        case '!==': case '!=': return left !== right;
        case '<': return typeof left === typeof right && (left as number) < (right as number);
        case '<=': return typeof left === typeof right && (left as number) <= (right as number);
        case '>': return typeof left === typeof right && (left as number) > (right as number);
        default: return typeof left === typeof right && (left as number) >= (right as number);
      }
    };
    const and = (): unknown => { let v = comparison(); while (peek()?.value === '&&') { eat(); const r = comparison(); v = truthy(v) && truthy(r); } return v; };
    const or = (): unknown => { let v = and(); while (peek()?.value === '||') { eat(); const r = and(); v = truthy(v) || truthy(r); } return v; };
    const result = or();
    if (pos !== tokens.length) return false;
    return truthy(result);
  } catch {
    return false;
  }
}

const IF_TAG = /^\s*\{%\s*(if|elif|else|endif)\b(.*?)%\}\s*$/;
const FENCE = /^\s*(```|~~~)/;

/**
 * GitBook's `{% if %}` / `{% elif %}` / `{% else %}` / `{% endif %}` blocks (nested, on lines of their own, outside
 * code fences) resolved for a visitor: only the branch whose condition holds stays. Everything a visitor is not meant
 * to see is removed before rendering, so neither the page, its `.md` twin, llms-full.txt nor search can show it.
 */
export function applyConditionals(markdown: string, context: Record<string, unknown>): string {
  if (!markdown.includes('{%')) return markdown;
  const out: string[] = [];
  // Per open `if`: is the current branch shown, has a branch been taken, was the enclosing block shown. `hidden`
  // counts the open blocks whose current branch is not shown (a line is shown when none is): one step per line,
  // however deep the blocks nest (looking through the stack on every line made 40,000 unclosed `{% if %}` lines
  // hold the event loop for minutes).
  const stack: { show: boolean; taken: boolean; parent: boolean }[] = [];
  let hidden = 0;
  // Each distinct condition is evaluated once per call (the context does not change).
  const results = new Map<string, boolean>();
  const holds = (cond: string) => {
    let r = results.get(cond);
    if (r === undefined) results.set(cond, (r = evaluateCondition(cond, context)));
    return r;
  };
  const shown = () => hidden === 0;
  const setShow = (top: { show: boolean }, show: boolean) => {
    if (top.show !== show) hidden += show ? -1 : 1;
    top.show = show;
  };
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = FENCE.exec(line);
    if (fence === null) {
      const m = IF_TAG.exec(line);
      if (m) {
        const [, tag, rest] = m;
        const cond = (rest ?? '').trim();
        if (tag === 'if') {
          const parent = shown();
          const ok = parent && holds(cond);
          stack.push({ show: ok, taken: ok, parent });
          if (!ok) hidden++;
        } else if (stack.length && tag === 'elif') {
          const top = stack[stack.length - 1]!;
          const ok = top.parent && !top.taken && holds(cond);
          setShow(top, ok);
          top.taken ||= ok;
        } else if (stack.length && tag === 'else') {
          const top = stack[stack.length - 1]!;
          setShow(top, top.parent && !top.taken);
          top.taken = true;
        } else if (stack.length && tag === 'endif') {
          if (!stack.pop()!.show) hidden--;
        }
        continue;
      }
      if (f) fence = f[1]!;
    } else if (f && f[1] === fence) fence = null;
    if (shown()) out.push(line);
  }
  return out.join('\n');
}
