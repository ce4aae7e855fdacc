// Refuses request text that breaks the rules of lib/text.ts (400 naming the field), before validation: in bodies
// and in query strings; and integer query parameters that are not written as integers (the validator's coercion
// would read `1e400` or `Infinity` as a number, ` ` as 0 and `0x10` as 16).
import type { NextFunction, Request, Response } from 'express';
import { invalidField } from '../errors.js';
import { findUnsafeText, textProblem } from '../lib/text.js';
import type { RouteMatch } from './route-table.js';

const INTEGER = /^[+-]?\d{1,15}$/;

/** Query strings: every request, with or without a body (mounted before the body parsers). */
export function refuseUnsafeQuery(req: Request, res: Response, next: NextFunction): void {
  // No query string, nothing to check (Express 5's `req.query` parses the URL again on every read).
  if (!req.url.includes('?')) return next();
  const integers = (res.locals as { route?: RouteMatch }).route?.op.integerQuery ?? [];
  for (const [name, raw] of Object.entries(req.query as Record<string, unknown>)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value !== 'string') continue;
      const problem = textProblem('', value) ?? textProblem('', name);
      if (problem) return next(invalidField(`/query/${name.replace(/[^\x20-\x7e]/g, '?')}`, problem));
      if (integers.includes(name) && !INTEGER.test(value)) return next(invalidField(`/query/${name}`, 'must be integer'));
    }
  }
  next();
}

/** Parsed JSON bodies (called by the body parser step once a body was read). */
export function refuseUnsafeText(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const found = findUnsafeText(body);
    if (found) return next(invalidField(found[0], found[1]));
  }
  next();
}
