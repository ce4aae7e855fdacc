// API reference pages as GitBook markdown, from an ApiModel (openapi/model.ts): an operation (method and path,
// description, parameters, request body, responses, each with its schema and an example), a tag's page (its
// operations), the models page (named schemas). Linear in the size of what is shown, and what is shown is bounded
// whatever the specification: schemas are expanded to a fixed depth and at most MAX_SCHEMA_LINES lines, a named
// schema already being expanded on the way down is named instead of expanded again (so $ref cycles end), examples
// are built to a fixed depth and at most MAX_EXAMPLE_VALUES values, type labels name at most MAX_LABEL_ALTERNATIVES
// alternatives, and at most MAX_MERGED_PARTS allOf parts are merged. (Without the bounds, a 3 KB specification of
// schemas each using the one below in 14 properties drew 14^5 lines, and one of 200 never finished.)
import type { ApiMedia, ApiModel, ApiOperation, ApiTag, Json } from './model.js';
import { isPlainObject } from '../lib/objects.js';

const MAX_SCHEMA_DEPTH = 5;
const MAX_PROPERTIES = 200;
const MAX_EXAMPLE_DEPTH = 6;
/** Lines of one schema's property list. */
const MAX_SCHEMA_LINES = 2_000;
/** Values of one example. */
const MAX_EXAMPLE_VALUES = 2_000;
/** Lines and example values of the whole models page (the sum over its schemas). */
const MAX_MODELS_PAGE = 100_000;
/** Alternatives (oneOf, anyOf) a type label names. */
const MAX_LABEL_ALTERNATIVES = 8;
/** allOf parts merged into one object's properties. */
const MAX_MERGED_PARTS = 64;


/** Text safe inside a table cell (one line, no column breaks). */
const cell = (s: string | undefined) => (s ?? '').replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim();
const code = (s: string) => '`' + s.replace(/`/g, 'ˋ') + '`';

/** The name of a named schema a `$ref` points at, if it is one. */
function refName(model: ApiModel, schema: unknown): string | undefined {
  if (!isPlainObject(schema) || typeof schema.$ref !== 'string') return undefined;
  return schema.$ref.startsWith(model.schemaPrefix) ? decodeURIComponent(schema.$ref.slice(model.schemaPrefix.length)).replace(/~1/g, '/').replace(/~0/g, '~') : schema.$ref;
}

/** A short type label: `string`, `integer (int64)`, `Pet[]`, `string | null`, `one of A, B`. */
export function typeLabel(model: ApiModel, raw: unknown, depth = 0): string {
  const name = refName(model, raw);
  const schema = model.resolve(raw);
  if (!isPlainObject(schema)) return name ?? 'any';
  if (depth > 3) return name ?? 'object';
  let label: string;
  const type = schema.type;
  // A named schema is labelled by its name: nothing below it is looked at (its alternatives would be drawn for nothing).
  if (name && type !== 'array') label = name;
  else if (Array.isArray(type)) label = type.join(' | ');
  else if (type === 'array') label = `${typeLabel(model, schema.items, depth + 1)}[]`;
  else if (typeof type === 'string') label = type;
  else if (Array.isArray(schema.oneOf)) label = `one of ${alternativesLabel(model, schema.oneOf, depth)}`;
  else if (Array.isArray(schema.anyOf)) label = `any of ${alternativesLabel(model, schema.anyOf, depth)}`;
  else if (Array.isArray(schema.allOf)) label = name ?? 'object';
  else if (isPlainObject(schema.properties)) label = 'object';
  else label = 'any';
  if (typeof schema.format === 'string') label += ` (${schema.format})`;
  if (schema.nullable === true) label += ' | null';
  return label;
}

function alternativesLabel(model: ApiModel, alternatives: unknown[], depth: number): string {
  // Alternatives inside alternatives name at most two each, so a label holds at most 8 × 2 × 2 × 2 types, however the
  // inline oneOf/anyOf nest (8 at every level was 8^4 per label, on every line of a property list).
  const max = depth > 0 ? 2 : MAX_LABEL_ALTERNATIVES;
  const shown = alternatives.slice(0, max).map((s) => typeLabel(model, s, depth + 1));
  return (alternatives.length > max ? [...shown, '…'] : shown).join(', ');
}

/** The properties of an object schema, allOf parts merged (at most MAX_MERGED_PARTS of them). */
function objectParts(model: ApiModel, schema: Json, seen: Set<string>): { properties: Array<[string, unknown]>; required: Set<string> } {
  const properties: Array<[string, unknown]> = [];
  const required = new Set<string>();
  let parts = 0;
  const add = (s: unknown, depth: number) => {
    if (++parts > MAX_MERGED_PARTS) return;
    const name = refName(model, s);
    if (name && seen.has(name)) return;
    const r = model.resolve(s);
    if (!isPlainObject(r) || depth > 8) return;
    if (Array.isArray(r.allOf)) for (const part of r.allOf) add(part, depth + 1);
    if (isPlainObject(r.properties)) for (const entry of Object.entries(r.properties)) properties.push(entry);
    if (Array.isArray(r.required)) for (const k of r.required) if (typeof k === 'string') required.add(k);
  };
  add(schema, 0);
  return { properties, required };
}

function constraints(schema: Json): string[] {
  const out: string[] = [];
  if (Array.isArray(schema.enum)) out.push(`one of ${schema.enum.map((v) => code(JSON.stringify(v))).join(', ')}`);
  for (const [k, label] of [['minimum', 'min'], ['maximum', 'max'], ['minLength', 'min length'], ['maxLength', 'max length'], ['minItems', 'min items'], ['maxItems', 'max items'], ['pattern', 'pattern']] as const) {
    if (schema[k] !== undefined) out.push(`${label} ${code(String(schema[k]))}`);
  }
  if (schema.default !== undefined) out.push(`default ${code(JSON.stringify(schema.default))}`);
  if (schema.deprecated === true) out.push('deprecated');
  return out;
}

/** A schema as a nested bullet list of its properties (`* `name` type (required): description`), at most MAX_SCHEMA_LINES lines. */
export function schemaLines(model: ApiModel, raw: unknown, maxLines = MAX_SCHEMA_LINES): string[] {
  const out: string[] = [];
  const budget = { lines: maxLines };
  schemaLinesInto(out, budget, model, raw, '', 0, new Set());
  if (budget.lines < 0) out.push('* …');
  return out;
}

function schemaLinesInto(out: string[], budget: { lines: number }, model: ApiModel, raw: unknown, indent: string, depth: number, seen: Set<string>): void {
  if (budget.lines < 0) return;
  const push = (line: string) => {
    if (--budget.lines >= 0) out.push(line);
  };
  const name = refName(model, raw);
  if (name && seen.has(name)) return push(`${indent}* (${name}, recursively)`);
  const schema = model.resolve(raw);
  if (!isPlainObject(schema) || depth >= MAX_SCHEMA_DEPTH) return;
  const inner = name ? new Set(seen).add(name) : seen;
  if (schema.type === 'array' || (schema.items !== undefined && schema.properties === undefined)) return schemaLinesInto(out, budget, model, schema.items, indent, depth, inner);
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives) {
    for (let i = 0; i < alternatives.length && budget.lines >= 0; i++) {
      push(`${indent}* Option ${i + 1}: ${typeLabel(model, alternatives[i])}`);
      schemaLinesInto(out, budget, model, alternatives[i], indent + '  ', depth + 1, inner);
    }
    return;
  }
  const { properties, required } = objectParts(model, schema, inner);
  for (const [prop, propSchema] of properties.slice(0, MAX_PROPERTIES)) {
    if (budget.lines < 0) return;
    const resolved = model.resolve(propSchema);
    const details = isPlainObject(resolved) ? constraints(resolved) : [];
    const description = isPlainObject(resolved) && typeof resolved.description === 'string' ? cell(resolved.description) : '';
    const head = `${indent}* ${code(prop)} ${typeLabel(model, propSchema)}${required.has(prop) ? ' (required)' : ''}`;
    push(head + (description || details.length ? `: ${[description, ...details].filter(Boolean).join('; ')}` : ''));
    const nested = refName(model, propSchema);
    if (nested && inner.has(nested)) push(`${indent}  * (${nested}, recursively)`);
    else schemaLinesInto(out, budget, model, propSchema, indent + '  ', depth + 1, inner);
  }
  if (properties.length > MAX_PROPERTIES) push(`${indent}* … ${properties.length - MAX_PROPERTIES} more properties`);
}

/** An example value for a schema: its own `example`/`examples`/`default`/first enum value, or one built from its shape. */
export function exampleOf(model: ApiModel, raw: unknown, depth = 0, seen: Set<string> = new Set(), budget = { values: MAX_EXAMPLE_VALUES }): unknown {
  if (--budget.values < 0) return null;
  const name = refName(model, raw);
  if (name && seen.has(name)) return {};
  const schema = model.resolve(raw);
  if (!isPlainObject(schema) || depth > MAX_EXAMPLE_DEPTH) return null;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const inner = name ? new Set(seen).add(name) : seen;
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives?.length) return exampleOf(model, alternatives[0], depth + 1, inner, budget);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'date-time' ? '2024-01-01T00:00:00Z' : schema.format === 'date' ? '2024-01-01' : schema.format === 'email' ? 'name@example.com'
        : schema.format === 'uri' || schema.format === 'url' ? 'https://example.com' : schema.format === 'uuid' ? '123e4567-e89b-12d3-a456-426614174000' : 'string';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(model, schema.items, depth + 1, inner, budget)];
    case 'null':
      return null;
    default: {
      const { properties } = objectParts(model, schema, inner);
      if (!properties.length && type !== 'object') return null;
      const entries: [string, unknown][] = [];
      for (const [k, v] of properties.slice(0, 50)) {
        if (budget.values < 0) break;
        entries.push([k, exampleOf(model, v, depth + 1, inner, budget)]);
      }
      return Object.fromEntries(entries);
    }
  }
}

function mediaSection(model: ApiModel, m: ApiMedia): string[] {
  const lines = [`${code(m.mediaType)}${m.schema !== undefined ? ` ${typeLabel(model, m.schema)}` : ''}`, ''];
  if (m.schema !== undefined) {
    const props = schemaLines(model, m.schema);
    for (const line of props) lines.push(line);
    if (props.length) lines.push('');
  }
  const example = m.example !== undefined ? m.example : m.schema !== undefined ? exampleOf(model, m.schema) : undefined;
  if (example !== undefined && example !== null) {
    const text = typeof example === 'string' && !/json/.test(m.mediaType) ? example : JSON.stringify(example, null, 2);
    lines.push('```' + (/json/.test(m.mediaType) || typeof example !== 'string' ? 'json' : ''), text, '```', '');
  }
  return lines;
}

/** The title of an operation: its summary, else its operationId, else `METHOD path`. */
export const operationTitle = (op: ApiOperation) => op.summary ?? op.operationId ?? `${op.method.toUpperCase()} ${op.path}`;

/** One operation, as markdown; `level` is the heading level of its title (2 on a tag page). */
export function renderOperation(model: ApiModel, op: ApiOperation, level = 2): string {
  const h = (n: number) => '#'.repeat(Math.min(6, level + n));
  const lines: string[] = [`${h(0)} ${operationTitle(op)}`, ''];
  lines.push(op.webhook ? `Webhook ${code(op.path)}: ${code(op.method.toUpperCase())}` : `${code(op.method.toUpperCase() + ' ' + op.path)}`, '');
  if (op.deprecated) lines.push('{% hint style="warning" %}', 'Deprecated: this operation may be removed.', '{% endhint %}', '');
  if (op.description) lines.push(op.description.trim(), '');
  if (!op.webhook && model.servers.length) lines.push(`Server: ${code(model.servers[0]!)}`, '');
  if (op.security.length) lines.push(`Authorization: ${op.security.map(code).join(', ')}`, '');
  if (op.parameters.length) {
    lines.push(`${h(1)} Parameters`, '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of op.parameters) {
      const resolved = model.resolve(p.schema);
      const extra = isPlainObject(resolved) ? constraints(resolved) : [];
      const example = p.example !== undefined ? [`example ${code(JSON.stringify(p.example))}`] : [];
      lines.push(`| ${code(p.name)} | ${p.in} | ${cell(typeLabel(model, p.schema))} | ${p.required ? 'yes' : 'no'} | ${cell([p.description, ...extra, ...example, p.deprecated ? 'deprecated' : ''].filter(Boolean).join('; '))} |`);
    }
    lines.push('');
  }
  if (op.requestBody) {
    lines.push(`${h(1)} Request body`, '');
    if (op.requestBody.description) lines.push(op.requestBody.description.trim(), '');
    lines.push(op.requestBody.required ? 'Required.' : 'Optional.', '');
    for (const m of op.requestBody.content) lines.push(...mediaSection(model, m));
  }
  if (op.responses.length) {
    lines.push(`${h(1)} Responses`, '');
    for (const r of op.responses) {
      lines.push(`${h(2)} ${r.status}${r.description ? `: ${cell(r.description)}` : ''}`, '');
      if (r.headers.length) {
        lines.push('| Header | Type | Description |', '| --- | --- | --- |');
        for (const hd of r.headers) lines.push(`| ${code(hd.name)} | ${cell(typeLabel(model, hd.schema))} | ${cell(hd.description)} |`);
        lines.push('');
      }
      for (const m of r.content) lines.push(...mediaSection(model, m));
    }
  }
  return lines.join('\n').trimEnd() + '\n';
}

/** A tag's page: its description and every operation of it. */
export function renderTag(model: ApiModel, tag: ApiTag): string {
  const parts = [tag.description ? tag.description.trim() + '\n' : ''];
  for (const op of tag.operations) parts.push(renderOperation(model, op, 2));
  return parts.filter(Boolean).join('\n');
}

/** The models page: every named schema with its properties and an example. */
export function renderModels(model: ApiModel): string {
  const parts: string[] = [];
  const names = Object.keys(model.schemas);
  let left = MAX_MODELS_PAGE;
  for (const [index, name] of names.entries()) {
    if (left <= 0) {
      parts.push(`… ${names.length - index} more schemas\n`);
      break;
    }
    const ref = { $ref: model.schemaPrefix + name.replace(/~/g, '~0').replace(/\//g, '~1') };
    const resolved = model.resolve(ref);
    const lines = [`## ${name}`, ''];
    if (isPlainObject(resolved) && typeof resolved.description === 'string') lines.push(resolved.description.trim(), '');
    lines.push(`Type: ${typeLabel(model, resolved)}`, '');
    const props = schemaLines(model, ref, Math.min(MAX_SCHEMA_LINES, left));
    left -= props.length;
    for (const line of props) lines.push(line);
    if (props.length) lines.push('');
    const budget = { values: Math.min(MAX_EXAMPLE_VALUES, Math.max(left, 0)) };
    const initial = budget.values;
    const example = exampleOf(model, ref, 0, new Set(), budget);
    left -= initial - budget.values + 1;
    if (example !== null && example !== undefined) lines.push('```json', JSON.stringify(example, null, 2), '```', '');
    parts.push(lines.join('\n').trimEnd() + '\n');
  }
  return parts.join('\n');
}

/** The page that introduces the API: title, version, description, servers. */
export function renderInfo(model: ApiModel): string {
  const lines = [model.description ? model.description.trim() : `Reference of ${model.title}.`, ''];
  if (model.version) lines.push(`Version: ${code(model.version)}`, '');
  if (model.servers.length) lines.push('Servers:', '', ...model.servers.map((s) => `* ${code(s)}`), '');
  return lines.join('\n').trimEnd() + '\n';
}
