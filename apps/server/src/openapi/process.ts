// Processing one source of an OpenAPI specification: fetch (the URL, and every document it references by URL,
// all through the SSRF guard with size and time limits), parse (JSON or YAML), validate (openapi/validate.ts).
// `processSpecSource` is the whole of it - one function, so it can move to the worker pool as it is. It throws a
// SpecError (FETCH_TIMEOUT, FETCH_ERROR, PARSE_ERROR with messages naming where) for anything wrong with the
// input; it never hangs (every fetch has a timeout inside one overall deadline) and never runs unbounded (sizes,
// document count, nesting depth and value count are capped).
import { createHash } from 'node:crypto';
import { ContentLimitError } from '../content/limits.js';
import { safeFetch, UnsafeUrlError } from '../lib/ssrf.js';
import { WorkerPool } from '../lib/worker-pool.js';
import { bundle, collectRefs, parseError, parseText, resolveUri, SpecError, splitRef, type SpecFile, type SpecFormat } from './documents.js';
import { specVersion, validateDocument, type SpecVersion } from './validate.js';

export type SpecSource = { url: string; text?: undefined } | { text: string; url?: undefined };

export interface ProcessLimits {
  /** Largest document, and largest total of the documents of one spec, in bytes. */
  maxBytes: number;
  /** Time for each fetch. */
  fetchTimeoutMs: number;
  /** Time for all the fetches of one processing. */
  deadlineMs: number;
  /** Most documents (the entry plus the documents it references by URL). */
  maxDocuments: number;
  /** Let fetches reach private addresses (tests only). */
  allowPrivate: boolean;
  /**
   * The private hosts the operator allows (BINDERY_ALLOWED_PRIVATE_HOSTS, lib/ssrf.ts `allowPrivateHosts`): set
   * process-wide at start, so given again to the worker thread, which has its own copy of the module.
   */
  allowedPrivateHosts?: readonly string[];
}

export interface ProcessedSpec {
  version: SpecVersion;
  /** The entry document first, then the documents it references, in the order they were found. */
  files: SpecFile[];
  /** The entry document's text as submitted or fetched, and its format. */
  rawText: string;
  format: SpecFormat;
  sourceUrl: string | null;
  /** sha256 over every document's uri and text: equal hashes, same content. */
  contentHash: string;
}

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${bytes} bytes`);

async function fetchText(url: string, what: string, limits: ProcessLimits, budget: { bytes: number; until: number }): Promise<{ text: string; url: string }> {
  const timeoutMs = Math.max(1, Math.min(limits.fetchTimeoutMs, budget.until - Date.now()));
  let res;
  try {
    res = await safeFetch(url, {
      allowPrivate: limits.allowPrivate, maxBytes: budget.bytes + 1, timeoutMs,
      headers: { accept: 'application/json, application/yaml, application/x-yaml, text/yaml, text/plain, */*' },
    });
  } catch (err) {
    if (err instanceof UnsafeUrlError && err.reason === 'timeout') {
      throw new SpecError('FETCH_TIMEOUT', [{ message: `${what}: no complete answer within ${Math.round(timeoutMs / 1000)} s`, code: 'timeout' }]);
    }
    if (err instanceof UnsafeUrlError && err.reason === 'too-large') {
      throw new SpecError('FETCH_ERROR', [{ message: `${what}: larger than the specification size limit of ${size(limits.maxBytes)}`, code: 'too-large' }]);
    }
    const e = err as NodeJS.ErrnoException;
    throw new SpecError('FETCH_ERROR', [{ message: `${what}: ${e.code && !(err instanceof UnsafeUrlError) ? `${e.code} ` : ''}${e.message}`, code: err instanceof UnsafeUrlError ? 'refused' : 'network' }]);
  }
  if (res.status < 200 || res.status >= 300) {
    throw new SpecError('FETCH_ERROR', [{ message: `${what}: answered HTTP ${res.status}`, code: `http-${res.status}` }]);
  }
  if (res.body.length > budget.bytes) {
    throw new SpecError('FETCH_ERROR', [{ message: `${what}: larger than the specification size limit of ${size(limits.maxBytes)}`, code: 'too-large' }]);
  }
  budget.bytes -= res.body.length;
  return { text: res.body.toString('utf8'), url: res.url };
}

const isHttp = (uri: string) => /^https?:\/\//i.test(uri);

/** Fetches, parses and validates one source. Throws SpecError for anything wrong with the input. */
export async function processSpecSource(source: SpecSource, limits: ProcessLimits): Promise<ProcessedSpec> {
  const budget = { bytes: limits.maxBytes, until: Date.now() + limits.deadlineMs };
  let entryText: string;
  let entryUri: string;
  if (source.url !== undefined) {
    const got = await fetchText(source.url, `The URL ${source.url}`, limits, budget);
    entryText = got.text;
    entryUri = got.url;
  } else {
    entryText = source.text;
    if (Buffer.byteLength(entryText) > limits.maxBytes) {
      throw parseError(`The specification is larger than the size limit of ${size(limits.maxBytes)}`, 'too-large');
    }
    budget.bytes -= Buffer.byteLength(entryText);
    entryUri = 'openapi';
  }
  const parsed = parseText(entryText, source.url ?? 'The specification');
  if (source.url === undefined) entryUri = `openapi.${parsed.format}`;
  const version = specVersion(parsed.value, source.url ?? 'The specification');

  // The documents it references by URL, breadth first.
  const files: SpecFile[] = [{ uri: entryUri, isEntrypoint: true, format: parsed.format, specification: parsed.value }];
  const texts = [entryText];
  const known = new Set([entryUri]);
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    for (const use of collectRefs(file.specification, file.uri)) {
      const { document: part } = splitRef(use.ref);
      if (part === '') continue;
      const where = `${file.isEntrypoint ? '' : `${file.uri}#`}${use.at}`;
      if (!isHttp(file.uri) && !URL.canParse(part)) {
        throw parseError(`${where}: the relative reference ${JSON.stringify(use.ref)} cannot be resolved: the specification was given as text (give it by URL, or bundle it into one document)`, 'unresolvable-reference');
      }
      const target = resolveUri(part, file.uri);
      if (!target || !isHttp(target)) {
        throw new SpecError('FETCH_ERROR', [{ message: `${where}: the reference ${JSON.stringify(use.ref)} is not an http(s) URL; only http and https references are fetched`, code: 'refused' }]);
      }
      if (known.has(target)) continue;
      if (files.length >= limits.maxDocuments) {
        throw parseError(`${where}: the specification references more than ${limits.maxDocuments - 1} other documents`, 'too-many-documents');
      }
      known.add(target);
      const got = await fetchText(target, `${where}: the reference ${JSON.stringify(use.ref)}`, limits, budget);
      const doc = parseText(got.text, target);
      files.push({ uri: target, isEntrypoint: false, format: doc.format, specification: doc.value });
      texts.push(got.text);
    }
  }

  const bundled = bundle(files);
  const issues = await validateDocument(bundled.document, version, bundled.locate);
  if (issues.length) throw new SpecError('PARSE_ERROR', issues);

  const hash = createHash('sha256');
  files.forEach((f, i) => hash.update(f.uri).update('\0').update(texts[i]!).update('\0'));
  return { version, files, rawText: entryText, format: parsed.format, sourceUrl: source.url ?? null, contentHash: hash.digest('hex') };
}

// ---------------------------------------------------------------------------------------------------------------
// Off the event loop

/** Time a processing may take in its worker beyond its fetch deadline (parsing and validating). */
const VALIDATION_BUDGET_MS = 60_000;
let pool: WorkerPool | undefined;

/**
 * processSpecSource in a worker thread (openapi/worker.ts, one at a time per process), so that parsing and
 * validating a large specification never stalls the server's requests. Past its budget (the fetch deadline plus a
 * minute) the worker is stopped and the result is a PARSE_ERROR saying so; a busy pool (PoolBusyError) or a failing
 * worker rejects as they do, for the job to retry.
 */
export async function processSpecOffThread(source: SpecSource, limits: ProcessLimits): Promise<ProcessedSpec> {
  pool ??= new WorkerPool({
    entry: new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url),
    size: 1, budgetMs: limits.deadlineMs + VALIDATION_BUDGET_MS, maxHeapMb: 2048, queueTimeoutMs: 10 * 60_000,
  });
  let out: { processed: ProcessedSpec } | { specError: { code: SpecError['code']; issues: SpecError['issues'] } };
  try {
    out = await pool.run('processSpecSource', { source, limits }, { budgetMs: limits.deadlineMs + VALIDATION_BUDGET_MS });
  } catch (err) {
    if (err instanceof ContentLimitError) {
      const what = err.limit === 'budget' && /memory/.test(err.message) ? 'more memory than allowed' : `longer than ${Math.round((limits.deadlineMs + VALIDATION_BUDGET_MS) / 1000)} s`;
      throw parseError(`The specification took ${what} to process`, 'too-complex');
    }
    throw err;
  }
  if ('specError' in out) throw new SpecError(out.specError.code, out.specError.issues);
  return out.processed;
}
