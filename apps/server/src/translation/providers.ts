// Machine translation providers behind one interface, chosen by configuration (BINDERY_TRANSLATION_PROVIDER):
// a LibreTranslate-compatible API (POST {url}/translate) or a DeepL-compatible one (POST {url}/v2/translate).
// Requests are batched (at most 50 texts and 20 KB each), bounded in size and time, and retried with backoff on
// 429 and 5xx answers. The URL is the operator's, yet it goes through the SSRF guard like any other: no private,
// link-local or metadata addresses; loopback only with BINDERY_TRANSLATION_LOOPBACK=1 (as integrations' dev tunnels).
import type { Config } from '../config.js';
import { safeFetch, UnsafeUrlError } from '../lib/ssrf.js';

export interface TranslationProvider {
  readonly name: string;
  translate(texts: readonly string[], source: string, target: string): Promise<string[]>;
}

export class TranslationProviderError extends Error {}

const BATCH_TEXTS = 50;
const BATCH_BYTES = 20_000;
const ATTEMPTS = 4;

function batches(texts: readonly string[]): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let bytes = 0;
  for (const t of texts) {
    if (cur.length && (cur.length >= BATCH_TEXTS || bytes + t.length > BATCH_BYTES)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(t);
    bytes += t.length;
  }
  if (cur.length) out.push(cur);
  return out;
}

interface Reach { allowPrivate: boolean; allowLoopback: boolean }

async function post(reach: Reach, url: string, body: unknown, headers: Record<string, string>): Promise<unknown> {
  let last = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    const r = await safeFetch(url, {
      method: 'POST', ...reach, maxRedirects: 0, timeoutMs: 30_000, maxBytes: 5 * 1024 * 1024,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body: JSON.stringify(body),
    }).catch((err: Error) => {
      if (err instanceof UnsafeUrlError && err.reason === 'refused') throw new TranslationProviderError(`The translation provider's address is refused: ${err.message}`);
      return { status: 0, body: Buffer.from(err.message) };
    });
    if (r.status >= 200 && r.status < 300) {
      try {
        return JSON.parse(r.body.toString('utf8'));
      } catch {
        throw new TranslationProviderError(`The translation provider answered something that is not JSON (${url})`);
      }
    }
    last = r.status ? `HTTP ${r.status}: ${r.body.toString('utf8').slice(0, 200)}` : r.body.toString('utf8');
    if (r.status !== 0 && r.status !== 429 && r.status < 500) break;
  }
  throw new TranslationProviderError(`The translation provider failed: ${last}`);
}

/**
 * The texts of one batch's answer, each a string: an item that is not (null, a number, an object without `text`)
 * fails the run naming it, rather than writing "null" or an empty page into the result space.
 */
function answeredTexts(provider: string, items: readonly unknown[]): string[] {
  return items.map((t, i) => {
    if (typeof t !== 'string') throw new TranslationProviderError(`The ${provider} provider answered text ${i + 1} of a batch as ${t === null ? 'null' : typeof t}, not a string`);
    return t;
  });
}

const deeplLanguage = (l: string) => (l === 'pt-br' ? 'PT-BR' : l === 'zh-tw' ? 'ZH-HANT' : l === 'en' ? 'EN-US' : l.toUpperCase());

export function translationProvider(config: Config): TranslationProvider | undefined {
  if (!config.translationProvider || !config.translationUrl) return undefined;
  const base = config.translationUrl.replace(/\/+$/, '');
  const key = config.translationApiKey;
  const reach: Reach = { allowPrivate: config.allowPrivateUrls, allowLoopback: config.translationLoopback };
  if (config.translationProvider === 'deepl') {
    return {
      name: 'deepl',
      async translate(texts, source, target) {
        const out: string[] = [];
        for (const batch of batches(texts)) {
          const r = (await post(reach, `${base}/v2/translate`, { text: batch, source_lang: source.split('-')[0]!.toUpperCase(), target_lang: deeplLanguage(target) },
            key ? { authorization: `DeepL-Auth-Key ${key}` } : {})) as { translations?: unknown } | null;
          const list = r?.translations;
          if (!Array.isArray(list) || list.length !== batch.length) throw new TranslationProviderError('The DeepL-compatible provider answered a different number of texts');
          out.push(...answeredTexts('DeepL-compatible', list.map((t: unknown) => (t !== null && typeof t === 'object' ? (t as { text?: unknown }).text : t))));
        }
        return out;
      },
    };
  }
  return {
    name: 'libretranslate',
    async translate(texts, source, target) {
      const out: string[] = [];
      for (const batch of batches(texts)) {
        const r = (await post(reach, `${base}/translate`, { q: batch, source: source.split('-')[0], target, format: 'text', ...(key ? { api_key: key } : {}) }, {})) as { translatedText?: unknown } | null;
        const text = r?.translatedText;
        const list: unknown[] | undefined = Array.isArray(text) ? text : batch.length === 1 && typeof text === 'string' ? [text] : undefined;
        if (!list || list.length !== batch.length) throw new TranslationProviderError('The LibreTranslate-compatible provider answered a different number of texts');
        out.push(...answeredTexts('LibreTranslate-compatible', list));
      }
      return out;
    },
  };
}
