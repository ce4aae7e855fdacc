/** The error body every Bindery (and GitBook) error carries. */
export interface ApiErrorBody {
  error: { code: number; message: string; errors?: { path: string; message: string }[] };
}

/** Thrown for every non-2xx answer: `status` is the HTTP status, `body` the parsed error body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | undefined;
  readonly response: Response;

  constructor(response: Response, body: ApiErrorBody | undefined) {
    const message = body?.error?.message ?? response.statusText;
    super(`Bindery API ${response.status}: ${message} (${response.url})`);
    this.name = 'ApiError';
    this.status = response.status;
    this.body = body;
    this.response = response;
  }

  /** The server's message, e.g. "Invalid request: /body/title must NOT have more than 50 characters". */
  get errorMessage(): string {
    return this.body?.error?.message ?? this.response.statusText;
  }
}
