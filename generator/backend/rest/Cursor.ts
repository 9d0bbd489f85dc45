import { RestError } from './RestError.ts';

/**
 * A position in one query-parameter text, for the small recursive-descent
 * parsers of PostgREST's grammar. A failure is PGRST100 in PostgREST's
 * (Parsec's) shape: message `"failed to parse <what> (<text>)" (line 1, column N)`,
 * details `unexpected "c" expecting ...`.
 */
export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  /** Consumes `s` when it comes next. */
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) throw this.fail(expecting);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  /** Takes characters while `ok` holds. */
  takeWhile(ok: (c: string) => boolean): string {
    const start = this.pos;
    while (!this.done && ok(this.peek())) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /** `"..."` with backslash escapes, or null when no quote comes next. */
  quoted(): string | null {
    if (this.peek() !== '"') return null;
    const start = this.pos;
    this.pos++;
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\') this.pos++;
      out += this.peek();
      this.pos++;
    }
    if (this.done) {
      this.pos = start;
      return null;
    }
    this.pos++;
    return out;
  }

  fail(expecting: string): RestError {
    // A control character is named as Parsec shows it ("\NUL", "\n"), not sent raw.
    const unexpected = this.done ? 'end of input' : `"${shown(this.peek())}"`;
    return new RestError(
      400,
      'PGRST100',
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.pos + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  }
}

/** Parsec names a control character as Haskell's `show` does (`\NUL`, `\n`, `\DEL`). */
const CONTROL_NAMES = ['NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI', 'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US'];

function shown(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `\\${CONTROL_NAMES[code]}`;
  if (code === 0x7f) return '\\DEL';
  return ch;
}
