// Configuration comes from the environment; every value has a default that runs the embedded setup.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite file, blobs and generated secrets. */
  dataDir: string;
  /** postgres://… selects PostgreSQL; absent selects SQLite under dataDir. */
  databaseUrl?: string;
  /** The instance administrator's token, when given; otherwise one is generated on first start. */
  adminToken?: string;
  /** Public base URL used in `urls` (defaults to http://localhost:<port>). */
  publicUrl: string;
  /** The app URL used in `urls.app`. */
  appUrl: string;
  logLevel: string;
  bodyLimit: string;
  /** Size limit of raw uploads (file uploads). */
  uploadLimit: string;
  /** Validate responses against the spec (on in tests and development). */
  validateResponses: boolean;
  /** Let the SSRF guard reach private and loopback addresses (tests only). */
  allowPrivateUrls: boolean;
  /** Private hosts, name suffixes, addresses and networks user-given URLs may reach (an internal Git server). */
  allowedPrivateHosts: string[];
  /** Secret for signed JWTs (visitor claims); generated and stored in the database when absent. */
  jwtSecret?: string;
  /** Requests per window per token (0 disables rate limiting). */
  rateLimitPerMinute: number;
  /** The rate-limit window in milliseconds (default one minute). */
  rateLimitWindowMs: number;
  /** Lifetime of the API token an SSO sign-in hands back, in seconds (default one day). */
  ssoTokenTtlSeconds: number;
  /** OpenAPI specifications: largest document, and largest total of a spec's documents, in bytes. */
  openapiMaxBytes: number;
  /** OpenAPI specifications: time allowed for each fetch (the entry URL, each referenced URL), in milliseconds. */
  openapiFetchTimeoutMs: number;
  /** How long the `openapi.expand` job may render one computed page before it shows a notice instead (ms). */
  openapiRenderBudgetMs: number;
  /** How long a content read may spend evaluating the OpenAPI blocks of one page (`evaluated=true`, ms). */
  openapiEvaluateBudgetMs: number;
  /** Where file bytes live: `fs` (the data folder) or `database` (the `blobs` table); default: `database` with PostgreSQL, `fs` with SQLite. */
  blobStore?: 'fs' | 'database';
  /** Key (32 bytes, hex or base64) encrypting secrets at rest; absent: a key kept in `<dataDir>/secrets.key`. */
  secretsKey?: string;
  /** Limits of one run of an integration script (docs/integrations.md). */
  integrationMemoryMb: number;
  integrationTimeoutMs: number;
  /** Let development tunnels of integrations be on loopback addresses (a developer's own machine; tests). */
  integrationDevLoopback: boolean;
  /** Machine translation for translations' runs: `libretranslate` or `deepl` (none: runs are refused with 400). */
  translationProvider?: 'libretranslate' | 'deepl';
  /** Base URL of the translation API (LibreTranslate: https://libretranslate.example; DeepL: https://api.deepl.com). */
  translationUrl?: string;
  translationApiKey?: string;
  /** Let the translation provider be on a loopback address (a LibreTranslate next to Bindery; tests). */
  translationLoopback: boolean;
  /** Worker threads for content processing (0 = by the number of CPUs, 2 to 4). */
  contentWorkers: number;
  /** Time budget of one content processing task (parse, conversion, merge, export), in milliseconds. */
  contentBudgetMs: number;
  /** Content at most this long is processed on the event loop (cheaper than a round trip to a worker). */
  contentInlineBytes: number;
  /** Bytes of images one PDF export embeds at most (read into memory for it); images past it get the placeholder. */
  pdfImageBytes: number;
  /** PostgreSQL: a statement waits at most this long for a lock held by another session (ms, `lock_timeout`; 0: no bound). */
  pgLockTimeoutMs: number;
  /** PostgreSQL: a statement runs at most this long (ms, `statement_timeout`; 0: no bound). Migrations have none. */
  pgStatementTimeoutMs: number;
  /** PostgreSQL: a request waits at most this long for a pooled connection (ms; 0: no bound). */
  pgAcquireTimeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const publicUrl = (env.BINDERY_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.BINDERY_DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminToken: env.BINDERY_ADMIN_TOKEN || undefined,
    publicUrl,
    appUrl: (env.BINDERY_APP_URL ?? publicUrl).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: env.BINDERY_BODY_LIMIT ?? '5mb',
    uploadLimit: env.BINDERY_UPLOAD_LIMIT ?? '25mb',
    validateResponses: env.BINDERY_VALIDATE_RESPONSES === '1' || env.NODE_ENV === 'test',
    allowPrivateUrls: env.BINDERY_ALLOW_PRIVATE_URLS === '1',
    allowedPrivateHosts: (env.BINDERY_ALLOWED_PRIVATE_HOSTS ?? '').split(/[\s,]+/).filter(Boolean),
    jwtSecret: env.BINDERY_JWT_SECRET || undefined,
    rateLimitPerMinute: Number(env.BINDERY_RATE_LIMIT_PER_MINUTE ?? 0),
    rateLimitWindowMs: Number(env.BINDERY_RATE_LIMIT_WINDOW_MS ?? 60_000),
    ssoTokenTtlSeconds: Number(env.BINDERY_SSO_TOKEN_TTL ?? 86_400),
    openapiMaxBytes: Number(env.BINDERY_OPENAPI_MAX_BYTES ?? 20 * 1024 * 1024),
    openapiFetchTimeoutMs: Number(env.BINDERY_OPENAPI_FETCH_TIMEOUT_MS ?? 20_000),
    openapiRenderBudgetMs: Number(env.BINDERY_OPENAPI_RENDER_BUDGET_MS ?? 60_000),
    openapiEvaluateBudgetMs: Number(env.BINDERY_OPENAPI_EVALUATE_BUDGET_MS ?? 5_000),
    blobStore: parseBlobStore(env.BINDERY_BLOB_STORE),
    secretsKey: env.BINDERY_SECRETS_KEY || undefined,
    integrationMemoryMb: Number(env.BINDERY_INTEGRATION_MEMORY_MB ?? 64),
    integrationTimeoutMs: Number(env.BINDERY_INTEGRATION_TIMEOUT_MS ?? 10_000),
    integrationDevLoopback: env.BINDERY_INTEGRATION_DEV_LOOPBACK === '1',
    translationLoopback: env.BINDERY_TRANSLATION_LOOPBACK === '1',
    ...(env.BINDERY_TRANSLATION_PROVIDER === 'libretranslate' || env.BINDERY_TRANSLATION_PROVIDER === 'deepl' ? { translationProvider: env.BINDERY_TRANSLATION_PROVIDER } : {}),
    ...(env.BINDERY_TRANSLATION_URL ? { translationUrl: env.BINDERY_TRANSLATION_URL } : {}),
    ...(env.BINDERY_TRANSLATION_API_KEY ? { translationApiKey: env.BINDERY_TRANSLATION_API_KEY } : {}),
    contentWorkers: Number(env.BINDERY_CONTENT_WORKERS ?? 0),
    contentBudgetMs: Number(env.BINDERY_CONTENT_BUDGET_MS ?? 2000),
    contentInlineBytes: Number(env.BINDERY_CONTENT_INLINE_BYTES ?? 8192),
    pdfImageBytes: Number(env.BINDERY_PDF_IMAGE_BYTES ?? 64 * 1024 * 1024),
    pgLockTimeoutMs: Number(env.BINDERY_PG_LOCK_TIMEOUT_MS ?? 5_000),
    pgStatementTimeoutMs: Number(env.BINDERY_PG_STATEMENT_TIMEOUT_MS ?? 60_000),
    pgAcquireTimeoutMs: Number(env.BINDERY_PG_ACQUIRE_TIMEOUT_MS ?? 10_000),
  };
}

function parseBlobStore(value: string | undefined): Config['blobStore'] {
  if (!value) return undefined;
  if (value === 'fs' || value === 'database') return value;
  throw new Error(`BINDERY_BLOB_STORE must be "fs" or "database" (was "${value}")`);
}
