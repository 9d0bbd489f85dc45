/** A PostgREST-shaped error: the HTTP status plus the JSON body PostgREST sends. */
export class RestError extends Error {
  readonly status: number;
  readonly body: { code: string; message: string; details: string | Record<string, string>[] | null; hint: string | null };

  constructor(status: number, code: string, message: string, details: string | Record<string, string>[] | null = null, hint: string | null = null) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.body = { code, message, details, hint };
  }
}
