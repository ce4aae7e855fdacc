// GitBook's MCP server of a published site (`<site>/~gitbook/mcp`): the Model Context Protocol's JSON-RPC over its
// streamable HTTP transport, stateless — each POST carries one JSON-RPC message and is answered with JSON (no session,
// no server-sent events: a GET, which asks for a stream, is a 405 as the transport allows). Two read-only tools, as
// GitBook's: `searchDocumentation {query}` (the site's search, every site space) and `getPage {url}` (a page's markdown).
// Written here rather than taken from @modelcontextprotocol/sdk: its server brings 18 packages (13.5 MB unpacked: zod,
// hono, express-rate-limit, …) for the four methods below. The tests use the SDK's client.

/** Protocol versions answered; a client asking for another gets the newest (the client then decides). */
export const MCP_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** Limits: the request body, a search query (GitBook's site search takes at most 512 characters), a page URL. */
export const MCP_MAX_BODY = 64 * 1024;
export const MCP_MAX_QUERY = 512;
export const MCP_MAX_URL = 2048;

export interface McpSearchHit {
  title: string;
  section?: string;
  url: string;
  excerpt: string;
}

export interface McpSite {
  /** The site's title (serverInfo, the tools' descriptions). */
  title: string;
  search(query: string): Promise<McpSearchHit[]>;
  /** The page's markdown as the visitor sees it, or undefined when the visitor sees no page at that URL. */
  page(url: string): Promise<string | undefined>;
}

type Id = string | number | null;
interface RpcError { code: number; message: string }

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

const readOnly = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false };

function tools(site: McpSite) {
  return [
    {
      name: 'searchDocumentation',
      title: 'Search the documentation',
      description: `Search across the documentation of ${site.title} to find relevant information, code examples, API references and guides. Answers the matching pages with their titles, links and excerpts.`,
      inputSchema: { type: 'object', properties: { query: { type: 'string', maxLength: MCP_MAX_QUERY, description: 'The words to look for' } }, required: ['query'], additionalProperties: false },
      annotations: readOnly,
    },
    {
      name: 'getPage',
      title: 'Read a page',
      description: `Read a page of the documentation of ${site.title} as markdown, by its URL (as searchDocumentation answers it).`,
      inputSchema: { type: 'object', properties: { url: { type: 'string', maxLength: MCP_MAX_URL, description: 'The URL of the page' } }, required: ['url'], additionalProperties: false },
      annotations: readOnly,
    },
  ];
}

const text = (t: string, isError = false) => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });

async function callTool(site: McpSite, params: Record<string, unknown>): Promise<{ result?: unknown; error?: RpcError }> {
  const args = (params.arguments ?? {}) as Record<string, unknown>;
  if (typeof args !== 'object' || Array.isArray(args)) return { error: { code: INVALID_PARAMS, message: 'arguments must be an object' } };
  if (params.name === 'searchDocumentation') {
    const query = args.query;
    if (typeof query !== 'string') return { error: { code: INVALID_PARAMS, message: 'searchDocumentation: query must be a string' } };
    if (query.length > MCP_MAX_QUERY) return { error: { code: INVALID_PARAMS, message: `searchDocumentation: query is longer than ${MCP_MAX_QUERY} characters` } };
    // As GitBook's site search: a query of one character or less finds nothing.
    const hits = query.trim().length <= 1 ? [] : await site.search(query.trim());
    if (!hits.length) return { result: text('No results found.') };
    return { result: { content: hits.map((h) => ({ type: 'text', text: `Title: ${h.title}${h.section ? ` › ${h.section}` : ''}\nLink: ${h.url}\nContent: ${h.excerpt}` })) } };
  }
  if (params.name === 'getPage') {
    const url = args.url;
    if (typeof url !== 'string') return { error: { code: INVALID_PARAMS, message: 'getPage: url must be a string' } };
    if (url.length > MCP_MAX_URL) return { error: { code: INVALID_PARAMS, message: `getPage: url is longer than ${MCP_MAX_URL} characters` } };
    const markdown = await site.page(url);
    return { result: markdown === undefined ? text(`No page of this site at ${url}.`, true) : text(markdown) };
  }
  return { error: { code: INVALID_PARAMS, message: `Unknown tool: ${typeof params.name === 'string' ? params.name.slice(0, 100) : ''}` } };
}

/**
 * The answer to one JSON-RPC message (already parsed): `undefined` for a notification or a response (HTTP 202, no
 * body), else the JSON-RPC response.
 */
export async function answerMcp(message: unknown, site: McpSite): Promise<Record<string, unknown> | undefined> {
  const reply = (id: Id, out: { result?: unknown; error?: RpcError }) => ({ jsonrpc: '2.0', id, ...(out.error ? { error: out.error } : { result: out.result }) });
  if (!message || typeof message !== 'object' || Array.isArray(message)) return reply(null, { error: { code: INVALID_REQUEST, message: 'A JSON-RPC message is an object (batches are not taken)' } });
  const m = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const hasId = 'id' in m && (typeof m.id === 'string' || typeof m.id === 'number');
  const id: Id = hasId ? (m.id as string | number) : null;
  if (m.jsonrpc !== '2.0') return reply(id, { error: { code: INVALID_REQUEST, message: 'jsonrpc must be "2.0"' } });
  if (typeof m.method !== 'string') {
    // A client's response to a request of ours (we send none) or a malformed message.
    return 'result' in m || 'error' in m ? undefined : reply(id, { error: { code: INVALID_REQUEST, message: 'method must be a string' } });
  }
  // A request's id is a string or an integer (MCP: never null); an `id` of another kind is an invalid request, answered
  // (with a null id, as JSON-RPC says), not taken for a notification and left unanswered.
  if ('id' in m && !hasId) return reply(null, { error: { code: INVALID_REQUEST, message: 'id must be a string or a number' } });
  if (!hasId) return undefined; // a notification (notifications/initialized, cancelled…): nothing to answer
  const params = (m.params && typeof m.params === 'object' && !Array.isArray(m.params) ? m.params : {}) as Record<string, unknown>;
  switch (m.method) {
    case 'initialize': {
      const asked = params.protocolVersion;
      const protocolVersion = MCP_VERSIONS.includes(asked as (typeof MCP_VERSIONS)[number]) ? asked : MCP_VERSIONS[0];
      return reply(id, { result: {
        protocolVersion,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'bindery-site', title: site.title, version: '1' },
        instructions: `The documentation of ${site.title}. searchDocumentation finds pages; getPage reads one by its URL.`,
      } });
    }
    case 'ping':
      return reply(id, { result: {} });
    case 'tools/list':
      return reply(id, { result: { tools: tools(site) } });
    case 'tools/call':
      return reply(id, await callTool(site, params));
    case 'resources/list':
    case 'prompts/list':
      return reply(id, { error: { code: METHOD_NOT_FOUND, message: `${m.method}: this server has tools only` } });
    default:
      return reply(id, { error: { code: METHOD_NOT_FOUND, message: `Unknown method: ${m.method.slice(0, 100)}` } });
  }
}

/** The JSON-RPC error answered for a body that is not JSON. */
export const parseError = { jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'The body is not JSON' } };
