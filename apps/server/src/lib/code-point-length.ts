// The length of a string in code points, as JSON Schema's `maxLength` and `minLength` count it, for the request
// validator (express-openapi-validator's ajv).
//
// ajv counts with `ajv/dist/runtime/ucs2length`, a loop over every UTF-16 unit: 0.45-0.55 ms for a 250 KB page's
// markdown, on every page write (more than that body's `JSON.parse`, 0.27 ms; docs/content-pipeline.md, session 22).
// The same count is the string's length less its surrogate pairs, which one regular expression finds: nothing to
// scan in a one-byte string (V8 knows it holds no surrogate), ~0.12 ms for a two-byte one.
import { createRequire } from 'node:module';

/** A high surrogate followed by a low one: one code point written as two UTF-16 units. */
const PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * Code points of `s`, exactly as ajv's `ucs2length` counts them: pairs are taken left to right, a lone surrogate
 * counts as one (a regular expression's global matches do not overlap and go left to right, as its loop does).
 */
export function codePointLength(s: string): number {
  let n = s.length;
  PAIR.lastIndex = 0;
  while (PAIR.exec(s) !== null) n--;
  return n;
}
// ajv writes `.code` into standalone validators; the same module path, so such code stays loadable.
(codePointLength as { code?: string }).code = 'require("ajv/dist/runtime/ucs2length").default';

let installed = false;

/**
 * Makes the ajv that express-openapi-validator loads count lengths with `codePointLength`. ajv reads the module's
 * `default` when it compiles a schema with `maxLength` or `minLength`, so this must run before the validators are
 * compiled (http/middlewares.ts calls it when it builds the validator). Every ajv instance of that ajv package then
 * uses it (the same count).
 */
export function useCodePointLengthInAjv(): void {
  if (installed) return;
  const own = createRequire(import.meta.url);
  const validators = createRequire(own.resolve('express-openapi-validator'));
  const runtime = validators('ajv/dist/runtime/ucs2length') as { default: (s: string) => number };
  runtime.default = codePointLength;
  installed = true;
}
