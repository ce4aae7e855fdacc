// @bindery/client: a typed client for the Bindery API (GitBook REST API v1 compatible), on openapi-fetch.
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '@bindery/api-types';
import { ApiError, type ApiErrorBody } from './errors.js';
import { fetchWithRetry, type RetryOptions } from './retry.js';

export { ApiError, type ApiErrorBody } from './errors.js';
export { retryDelayMs, type RetryOptions } from './retry.js';
export type { paths, components, operations } from '@bindery/api-types';

export interface ClientOptions {
  /** The server's origin, e.g. http://localhost:8080 (paths carry /v1). */
  baseUrl: string;
  /** An API token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** A fetch implementation (defaults to the global fetch). */
  fetch?: typeof fetch;
  /** Retry of 429 answers, honouring Retry-After. `false` disables it. */
  retry?: RetryOptions | false;
}

type ListPaths = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': { items: unknown[] } } } } } } ? P : never;
}[keyof paths];

type ItemOf<P extends ListPaths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { items: (infer I)[] } } } } };
}
  ? I
  : never;

type GetInit<P extends ListPaths> = Parameters<Client<paths>['GET']> extends [unknown, ...infer Rest] ? (Rest[0] & { params?: paths[P] extends { get: { parameters: infer X } } ? X : never }) : never;

export interface BinderyClient extends Client<paths> {
  /** Iterates every item of a list, following `next.page` until the last page. */
  paginate<P extends ListPaths>(path: P, init?: GetInit<P>): AsyncGenerator<ItemOf<P>, void, undefined>;
}

const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    let body: ApiErrorBody | undefined;
    try {
      body = (await response.clone().json()) as ApiErrorBody;
    } catch {
      body = undefined;
    }
    throw new ApiError(response, body);
  },
};

/** Creates a client. Every non-2xx answer throws ApiError, so `data` is always the success body. */
export function createClient(opts: ClientOptions): BinderyClient {
  const baseFetch = opts.fetch ?? globalThis.fetch;
  const f = opts.retry === false ? baseFetch : fetchWithRetry(baseFetch, opts.retry ?? {});
  const client = createFetchClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    fetch: (req: Request) => f(req),
    headers: opts.token ? { Authorization: `Bearer ${opts.token}` } : {},
  });
  client.use(throwOnError);

  async function* paginate<P extends ListPaths>(path: P, init?: GetInit<P>): AsyncGenerator<ItemOf<P>, void, undefined> {
    let page: string | undefined;
    do {
      const baseInit = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
      const params = { ...(baseInit.params ?? {}), query: { ...(baseInit.params?.query ?? {}), ...(page ? { page } : {}) } };
      const { data } = await (client.GET as (p: string, i: unknown) => Promise<{ data?: { items: ItemOf<P>[]; next?: { page: string } } }>)(path, { ...baseInit, params });
      if (!data) return;
      for (const item of data.items) yield item;
      page = data.next?.page;
    } while (page);
  }

  return Object.assign(client, { paginate });
}
