/**
 * The one error the API answers with: `{"error": {"code", "message", "details"?}}` and an HTTP status.
 * Codes are stable machine-readable names; messages are for people.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After on 503. */
    public readonly headers: Record<string, string> = {},
    /** What went wrong underneath (logged with a 500, never sent). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown; correlationId?: string };
}
