// Rendering API reference markdown from the sample specifications: every part shown, cycles end, Swagger 2.0 and
// webhooks read into the same shape, and rendering stays linear (300 operations).
import { describe, expect, it } from 'vitest';
import { parseText } from './documents.js';
import { buildModel, type Json } from './model.js';
import { renderModels, renderOperation, renderTag, schemaLines, typeLabel } from './render.js';
import { CYCLIC_JSON, generatedSpec, PETSTORE_YAML, SWAGGER2_YAML, WEBHOOKS_YAML } from './samples.js';

const model = (text: string) => buildModel(parseText(text, 'test').value as Json);

describe('API reference rendering', () => {
  it('groups operations by tag and shows parameters, bodies, responses, schemas and examples', () => {
    const m = model(PETSTORE_YAML);
    expect(m.tags.map((t) => [t.name, t.operations.map((o) => o.operationId)])).toEqual([
      ['pets', ['listPets', 'createPet', 'getPet', 'deletePet']], ['store', ['placeOrder']],
    ]);
    const pets = renderTag(m, m.tags[0]!);
    expect(pets).toContain('## List pets');
    expect(pets).toContain('`GET /pets`');
    expect(pets).toContain('| `limit` | query | integer | no | How many pets to return at most.; max `100`; example `20` |');
    expect(pets).toContain('| `petId` | path | integer | yes | The id of the pet. |');
    expect(pets).toContain('### Request body');
    expect(pets).toContain('* `name` string (required): The pet\'s name.');
    expect(pets).toContain('* `tag` string: one of `"dog"`, `"cat"`, `"bird"`');
    expect(pets).toContain('#### 201: The pet was created.');
    expect(pets).toContain('"name": "Tom"');
    expect(pets).toContain('* `id` integer (int64) (required)');
    expect(pets).toContain('Deprecated');
    expect(pets).toContain('Server: `https://api.example.com/v1`');
  });

  it('ends $ref cycles, and names the schema that recurs', () => {
    const m = model(CYCLIC_JSON);
    const out = m.tags.map((t) => renderTag(m, t)).join('\n');
    expect(out).toContain('* `children` Node[]');
    expect(out).toContain('(Node, recursively)');
    expect(out).toContain('(Person, recursively)');
    const models = renderModels(m);
    expect(models).toContain('## Company');
  });

  it('reads Swagger 2.0 and 3.1 webhooks into the same shape', () => {
    const sw = model(SWAGGER2_YAML);
    const users = renderTag(sw, sw.tags[0]!);
    expect(users).toContain('`POST /users`');
    expect(users).toContain('* `email` string (email) (required)');
    expect(users).toContain('"email": "name@example.com"');
    expect(sw.servers).toEqual(['https://legacy.example.com/api']);
    const wh = model(WEBHOOKS_YAML);
    expect(wh.operations[0]).toMatchObject({ webhook: true, path: 'orderShipped', method: 'post' });
    const page = renderOperation(wh, wh.operations[0]!);
    expect(page).toContain('Webhook `orderShipped`: `POST`');
    expect(page).toContain('* `carrier` string | null');
    expect(page).toContain('"carrier": "Post"');
  });

  it('renders 300 operations', () => {
    const m = buildModel(generatedSpec(300) as Json);
    expect(m.operations).toHaveLength(300);
    expect(m.tags).toHaveLength(12);
    const pages = m.tags.map((t) => renderTag(m, t));
    expect(pages.join('').match(/^## /gm)).toHaveLength(300);
  });
});

describe('type labels', () => {
  it('name a named schema without looking inside it, and inline alternatives inside alternatives at most two each', () => {
    // Inline oneOf eight wide, nested four deep: 8^4 types if every level named all of them.
    const nest = (depth: number): unknown => (depth === 0 ? { type: 'string' } : { oneOf: Array.from({ length: 8 }, () => nest(depth - 1)) });
    const model = buildModel({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {}, components: { schemas: { Deep: nest(4) as object, Wide: { type: 'object', properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, nest(4)])) } } } });
    expect(typeLabel(model, { $ref: '#/components/schemas/Deep' })).toBe('Deep');
    const label = typeLabel(model, nest(4));
    expect(label.startsWith('one of one of one of')).toBe(true);
    expect(label.split('string').length - 1).toBeLessThanOrEqual(8 * 2 * 2 * 2);
    const lines = schemaLines(model, { $ref: '#/components/schemas/Wide' });
    expect(lines.join('\n').length).toBeLessThan(2_000_000);
  });
});
