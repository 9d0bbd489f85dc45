/**
 * An error as GoTrue sends it: `{ code, error_code, msg }`. auth-js reads
 * error_code (weak_password, session_not_found, invalid_credentials, ...) and
 * shows msg.
 */
export class AuthError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}) {
    super(msg);
    this.name = 'AuthError';
    this.status = status;
    this.errorCode = errorCode;
    this.extra = extra;
  }

  toResponse(): Response {
    return new Response(JSON.stringify({ code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra }), {
      status: this.status,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
}
