// Every failure becomes `{"error":{"code":<status>,"message":"..."}}`. Throw these from anywhere below a route.
export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, errors);
/** A 400 that names the offending field, e.g. invalidField('/body/emails/0', 'no user has this email'). */
export const invalidField = (path: string, message: string) => new ApiError(400, `${path} ${message}`, [{ path, message }]);
export const unauthorized = (message = 'Missing or invalid authorization token') =>
  new ApiError(401, message, undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, message);
export const notFound = (what = 'Resource') => new ApiError(404, `${what} not found`);
export const conflict = (message: string) => new ApiError(409, message);
export const preconditionFailed = (message: string) => new ApiError(412, message);
export const notImplemented = (operationId: string) => new ApiError(501, `${operationId} is not implemented yet`);
