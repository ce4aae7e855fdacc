// Helpers the tests that drive Bindery through GitBook's `@gitbook/api` client, and through its content edits, share.
import { GitBookAPIError } from '@gitbook/api';
import { expect } from 'vitest';
import type { TestApi } from '../../src/testing/index.js';

/** The GitBookAPIError a client call fails with (a call that succeeds, or fails otherwise, fails the test). */
export async function failure(call: Promise<unknown>): Promise<GitBookAPIError> {
  const err = await call.then(() => undefined, (e: unknown) => e);
  if (!(err instanceof GitBookAPIError)) throw new Error(`expected a GitBookAPIError, got ${String(err)}`);
  return err;
}

/** Applies a batch of content edits to `base` (a space or change request URL) and answers the new revision's id. */
export async function edits(api: TestApi, base: string, list: unknown[]): Promise<string> {
  const r = await api.post(`${base}/content/edits`, { edits: list });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.revision as string;
}
