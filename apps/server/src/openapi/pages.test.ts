// Computed API reference pages and the evaluation of OpenAPI blocks in page markdown.
import { describe, expect, it } from 'vitest';
import { parseText } from './documents.js';
import { buildModel, type Json } from './model.js';
import { evaluateOpenAPIBlocks, generatePages, openAPISource, type ResolvedSpec, type SpecLookup } from './pages.js';
import { PETSTORE_YAML, WEBHOOKS_YAML } from './samples.js';

const spec = (slug: string, text: string, versionId = 'v1'): ResolvedSpec => ({
  slug, versionId, model: buildModel(parseText(text, slug).value as Json), location: `https://bindery.test/v1/orgs/o/openapi/${slug}`,
  downloadUrl: `https://bindery.test/v1/orgs/o/openapi/${slug}/public`,
});
const pets = spec('petstore', PETSTORE_YAML);
const events = spec('events', WEBHOOKS_YAML);
const lookup: SpecLookup = {
  bySlug: (s) => [pets, events].find((x) => x.slug === s),
  bySource: (src) => (src === 'https://example.com/petstore.yaml' ? pets : undefined),
};
const source = (props: Record<string, unknown> = {}, slug = 'petstore') => openAPISource({ type: 'builtin:openapi', props, dependencies: { spec: { ref: { kind: 'openapi', spec: slug } } } })!;

describe('computed OpenAPI pages', () => {
  it('recognises builtin:openapi sources only', () => {
    expect(openAPISource({ type: 'builtin:translation' })).toBeUndefined();
    expect(openAPISource({ type: 'builtin:openapi', dependencies: {} })).toBeUndefined();
    expect(source().dependencies.spec.ref.spec).toBe('petstore');
  });

  it('makes one page per tag, with an operation block per operation, and a models page', () => {
    const pages = generatePages('page1', source({ models: true, downloadLink: true }), pets);
    expect(pages.map((p) => [p.title, p.slug, p.computed.props])).toEqual([
      ['pets', 'pets', { doc: 'operations', page: 'pets' }], ['store', 'store', { doc: 'operations', page: 'store' }], ['Models', 'models', { doc: 'models' }],
    ]);
    expect(pages[0]!.markdown).toContain('{% openapi-operation spec="petstore" path="/pets" method="get" %}');
    expect(pages[0]!.markdown).toContain('[Download the OpenAPI specification](https://bindery.test/v1/orgs/o/openapi/petstore/public)');
    expect(pages[0]!.computedSeed).toBe('page1');
    // Ids are stable for the same page and tag, and differ between tags.
    expect(generatePages('page1', source(), pets)[0]!.id).toBe(pages[0]!.id);
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
  });

  it('makes a page per operation under its tag with grouping by-operation', () => {
    const pages = generatePages('p', source({ grouping: 'by-operation' }), pets);
    expect(pages[0]!.children.map((c) => [c.title, c.computed.props])).toEqual([
      ['List pets', { doc: 'operation', page: '/pets', method: 'get' }],
      ['Create a pet', { doc: 'operation', page: '/pets', method: 'post' }],
      ['Get a pet', { doc: 'operation', page: '/pets/{petId}', method: 'get' }],
      ['Delete a pet', { doc: 'operation', page: '/pets/{petId}', method: 'delete', deprecated: true }],
    ]);
  });

  it('says when the spec is not available', () => {
    const [page] = generatePages('p', source({}, 'gone'), undefined);
    expect(page!.markdown).toMatch(/"gone" is not available/);
  });

  it('evaluates operation, webhook, schema and legacy blocks, and leaves code fences alone', () => {
    const md = [
      'Intro.', '', '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}', '[OpenAPI petstore](x)', '{% endopenapi-operation %}', '',
      '{% openapi-webhook spec="events" name="orderShipped" method="post" %}', '[OpenAPI events](x)', '{% endopenapi-webhook %}', '',
      '{% openapi-schemas spec="petstore" schemas="Order" grouped="false" %}', '',
      '{% openapi src="https://example.com/petstore.yaml" path="/store/orders" method="post" %}', '[petstore.yaml](https://example.com/petstore.yaml)', '{% endopenapi %}', '',
      '```', '{% openapi-operation spec="petstore" path="/pets" method="get" %}', '```', '',
      '{% openapi-operation spec="petstore" path="/nope" method="get" %}', '{% endopenapi-operation %}',
      '{% openapi-operation spec="unknown" path="/pets" method="get" %}', '{% endopenapi-operation %}',
    ].join('\n');
    const out = evaluateOpenAPIBlocks(md, lookup);
    expect(out).toContain('## Get a pet');
    expect(out).toContain('| `petId` | path | integer | yes | The id of the pet. |');
    expect(out).toContain('Webhook `orderShipped`: `POST`');
    expect(out).toContain('## The Order object');
    expect(out).toContain('* `status` string: one of `"placed"`, `"approved"`, `"delivered"`');
    expect(out).toContain('## Place an order');
    expect(out).toContain('```\n{% openapi-operation spec="petstore" path="/pets" method="get" %}\n```');
    expect(out).toContain('The operation GET /nope is not in the OpenAPI specification "petstore".');
    expect(out).toContain('The OpenAPI specification "unknown" is not available.');
    expect(out).not.toContain('{% endopenapi-operation %}');
    expect(out).not.toContain('[OpenAPI petstore](x)');
  });

  it('renders the legacy {% swagger %} block from its own content, and a {% swagger src %} block from the spec', () => {
    const md = [
      '{% swagger method="post" path="/pets" baseUrl="https://api.example.com" summary="Add a pet" %}',
      '{% swagger-description %}', 'Adds one pet to the store.', '{% endswagger-description %}', '',
      '{% swagger-parameter in="body" name="name" type="string" required="true" %}', 'The pet\'s name.', '{% endswagger-parameter %}', '',
      '{% swagger-response status="201: Created" description="The pet" %}', '```json', '{"id": 1}', '```', '{% endswagger-response %}',
      '{% endswagger %}', '',
      '{% swagger src="https://example.com/petstore.yaml" path="/pets" method="get" %}', '[petstore.yaml](https://example.com/petstore.yaml)', '{% endswagger %}',
    ].join('\n');
    const out = evaluateOpenAPIBlocks(md, lookup);
    expect(out).toContain('## Add a pet\n\n`POST https://api.example.com/pets`\n\nAdds one pet to the store.');
    expect(out).toContain("| `name` | body | string | yes | The pet's name. |");
    expect(out).toContain('#### 201: Created: The pet\n\n```json\n{"id": 1}\n```');
    expect(out).toContain('## List pets');
    expect(out).not.toContain('{% swagger');
    expect(out).not.toContain('{% endswagger');
  });
});
