// Refuses request bodies whose text breaks the rules of lib/text.ts (400 naming the field), before validation.
import type { NextFunction, Request, Response } from 'express';
import { invalidField } from '../errors.js';
import { findUnsafeText } from '../lib/text.js';

export function refuseUnsafeText(req: Request, _res: Response, next: NextFunction): void {
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const found = findUnsafeText(body);
    if (found) return next(invalidField(found[0], found[1]));
  }
  next();
}
