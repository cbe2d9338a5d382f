import type { ApiErrorBody, ErrorCode } from '@snapnotes/contracts';

/** An error with an HTTP status and the JSON body the client reads (SPEC §8). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Partial<ApiErrorBody> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): ApiErrorBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}
