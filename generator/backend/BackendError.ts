/**
 * An error a user of the embedded backend can cause (a CLI user, a test
 * author). `code` is permanent (the CLI reports it as BackendFailed, generator/cli.ts),
 * `message` says what happened, `hint` says what to do.
 */
export class BackendError extends Error {
  readonly code: string;
  readonly hint: string;

  constructor(code: string, message: string, hint: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackendError';
    this.code = code;
    this.hint = hint;
  }
}
