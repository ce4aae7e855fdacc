// OpenAPI specifications written for Bindery's tests and benchmarks (no third-party content): a small pet store
// in YAML (3.0), a generated one of any number of operations (3.1), recursive schemas ($ref cycles), Swagger 2.0,
// and 3.1 with webhooks.

/** A small OpenAPI 3.0 specification in YAML: two tags, parameters, a request body, responses, examples. */
export const PETSTORE_YAML = `openapi: 3.0.3
info:
  title: Pet Store
  version: 1.0.0
  description: A small store of pets, written for Bindery's tests.
servers:
  - url: https://api.example.com/v1
tags:
  - name: pets
    description: Everything about your pets.
  - name: store
    description: Orders of pets.
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      summary: List pets
      description: Returns every pet, a page at a time.
      parameters:
        - name: limit
          in: query
          description: How many pets to return at most.
          required: false
          schema:
            type: integer
            maximum: 100
          example: 20
      responses:
        '200':
          description: A page of pets.
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
              example:
                - id: 1
                  name: Rex
                  tag: dog
        default:
          description: An error.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Error'
    post:
      operationId: createPet
      tags: [pets]
      summary: Create a pet
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/NewPet'
            example:
              name: Tom
              tag: cat
      responses:
        '201':
          description: The pet was created.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        description: The id of the pet.
        schema:
          type: integer
    get:
      operationId: getPet
      tags: [pets]
      summary: Get a pet
      responses:
        '200':
          description: The pet.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
        '404':
          description: No pet has this id.
    delete:
      operationId: deletePet
      tags: [pets]
      summary: Delete a pet
      deprecated: true
      responses:
        '204':
          description: The pet was deleted.
  /store/orders:
    post:
      operationId: placeOrder
      tags: [store]
      summary: Place an order
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Order'
      responses:
        '200':
          description: The order.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Order'
components:
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        name:
          type: string
          description: The pet's name.
        tag:
          type: string
          enum: [dog, cat, bird]
    Pet:
      allOf:
        - $ref: '#/components/schemas/NewPet'
        - type: object
          required: [id]
          properties:
            id:
              type: integer
              format: int64
    Order:
      type: object
      properties:
        id:
          type: integer
        petId:
          type: integer
        status:
          type: string
          enum: [placed, approved, delivered]
    Error:
      type: object
      required: [code, message]
      properties:
        code:
          type: integer
        message:
          type: string
`;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * An OpenAPI 3.1 document with `operations` operations over `operations / 3` paths, in `tags` tags, each with path
 * and query parameters, responses with examples, and a request body on writes; one component schema per path.
 */
export function generatedSpec(operations: number, tags = 12): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++) {
    const resource = Math.floor(i / 3);
    const name = `Resource${resource}`;
    const path = `/resources${resource}/{id}`;
    const method = METHODS[i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : 4]!;
    schemas[name] ??= {
      type: 'object',
      description: `A resource of kind ${resource}.`,
      required: ['id', 'name'],
      properties: {
        id: { type: 'string', description: 'Unique identifier.', examples: [`r${resource}`] },
        name: { type: 'string', description: 'Display name.', maxLength: 100 },
        size: { type: 'integer', minimum: 0 },
        labels: { type: 'array', items: { type: 'string' } },
        owner: resource > 0 ? { $ref: `#/components/schemas/Resource${resource - 1}` } : { type: 'string' },
      },
    };
    paths[path] ??= { parameters: [{ name: 'id', in: 'path', required: true, description: 'The resource id.', schema: { type: 'string' } }] };
    paths[path]![method] = {
      operationId: `${method}Resource${resource}`,
      tags: [`Tag ${resource % tags}`],
      summary: `${method.toUpperCase()} resource ${resource}`,
      description: `Operation ${i}: ${method} a resource of kind ${resource}.`,
      parameters: [{ name: 'verbose', in: 'query', description: 'Say more.', schema: { type: 'boolean' }, example: true }],
      ...(method === 'post' ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example: { id: `r${resource}`, name: 'Example' } } } } } : {}),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example: { id: `r${resource}`, name: 'Example', size: 3 } } } },
        '404': { description: 'Not found.' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: `Generated API (${operations} operations)`, version: '1.0.0' },
    tags: Array.from({ length: tags }, (_, t) => ({ name: `Tag ${t}`, description: `Operations of tag ${t}.` })),
    paths,
    components: { schemas },
  };
}

/** OpenAPI 3.0 with recursive schemas: a tree node that contains nodes, and two schemas that contain each other. */
export const CYCLIC_JSON = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Trees', version: '2.0.0' },
  paths: {
    '/trees/{treeId}': {
      get: {
        operationId: 'getTree',
        tags: ['trees'],
        summary: 'Get a tree',
        parameters: [{ name: 'treeId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The tree.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } },
      },
    },
    '/people': {
      get: {
        operationId: 'listPeople',
        tags: ['people'],
        summary: 'List people',
        responses: { '200': { description: 'People.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Person' } } } } } },
      },
    },
  },
  components: {
    schemas: {
      Node: { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
      Person: { type: 'object', properties: { name: { type: 'string' }, employer: { $ref: '#/components/schemas/Company' } } },
      Company: { type: 'object', properties: { title: { type: 'string' }, ceo: { $ref: '#/components/schemas/Person' } } },
    },
  },
}, null, 2);

/** Swagger 2.0 in YAML: definitions, body and query parameters, a response schema. */
export const SWAGGER2_YAML = `swagger: '2.0'
info:
  title: Legacy Users
  version: '1.4'
host: legacy.example.com
basePath: /api
schemes: [https]
tags:
  - name: users
paths:
  /users:
    get:
      operationId: listUsers
      tags: [users]
      summary: List users
      parameters:
        - name: q
          in: query
          type: string
          description: Text to search for.
      responses:
        '200':
          description: Users.
          schema:
            type: array
            items:
              $ref: '#/definitions/User'
    post:
      operationId: createUser
      tags: [users]
      summary: Create a user
      parameters:
        - name: body
          in: body
          required: true
          schema:
            $ref: '#/definitions/User'
      responses:
        '201':
          description: Created.
          schema:
            $ref: '#/definitions/User'
definitions:
  User:
    type: object
    required: [email]
    properties:
      email:
        type: string
        format: email
      name:
        type: string
`;

/** OpenAPI 3.1 with webhooks (and no paths). */
export const WEBHOOKS_YAML = `openapi: 3.1.0
info:
  title: Events
  version: 3.0.0
webhooks:
  orderShipped:
    post:
      operationId: orderShipped
      tags: [orders]
      summary: An order was shipped
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Shipment'
            example:
              orderId: o-1
              carrier: Post
      responses:
        '200':
          description: Acknowledge the event.
components:
  schemas:
    Shipment:
      type: object
      required: [orderId]
      properties:
        orderId:
          type: string
        carrier:
          type: [string, 'null']
`;
