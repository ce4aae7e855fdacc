export interface RetryOptions {
  /** How many times a 429 answer is retried (default 3). */
  retries?: number;
  /** The longest wait honoured, in milliseconds (default 60 000). */
  maxDelayMs?: number;
}

/** Seconds or an HTTP date, as in RFC 9110; falls back to X-RateLimit-Reset (epoch seconds), then 1 s. */
export function retryDelayMs(res: Response, now = Date.now()): number {
  const ra = res.headers.get('retry-after');
  if (ra) {
    const secs = Number(ra);
    if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
    const date = Date.parse(ra);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = Number(res.headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return 1000;
}

/** A fetch that retries 429 answers after the delay the server asks for. */
export function fetchWithRetry(inner: typeof fetch, opts: RetryOptions = {}): typeof fetch {
  const retries = opts.retries ?? 3;
  const maxDelay = opts.maxDelayMs ?? 60_000;
  return async (input, init) => {
    const request = new Request(input, init);
    for (let attempt = 0; ; attempt++) {
      const res = await inner(request.clone());
      if (res.status !== 429 || attempt >= retries) return res;
      const delay = Math.min(retryDelayMs(res), maxDelay);
      await res.body?.cancel();
      await new Promise((r) => setTimeout(r, delay));
    }
  };
}
