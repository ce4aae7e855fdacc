/** A JSON object (not null, not an array): what a merge descends into and a schema walker reads fields of. */
export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
