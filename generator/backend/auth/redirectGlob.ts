/**
 * Pure: an entry of `additional_redirect_urls` compiled as GoTrue compiles
 * its URI allow list (gobwas/glob with the separators '.' and '/'): `*` is
 * any run of characters without '.' or '/', `**` any run at all, `?` one
 * character other than '.' and '/', `[abc]` `[!abc]` `[a-z]` `[!a-z]` one
 * character of (or not of) a list or range, `{a,b}` alternatives, `\`
 * escapes the next character. The whole URL must match. A pattern the glob
 * syntax rejects is an error with the reason, as GoTrue refuses to start with it.
 */
export type RedirectGlob = { ok: true; pattern: string; matches(url: string): boolean } | { ok: false; pattern: string; reason: string };

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'any' | 'super' | 'single' | 'termsOpen' | 'separator' | 'termsClose' | 'rangeOpen' | 'not' | 'rangeBetween' | 'rangeClose' }
  | { kind: 'rangeLo' | 'rangeHi'; char: string };

const NOT_SEPARATOR = '[^./]';
const TEXT_BREAKERS = ['?', '*', '[', '{'];
const TERMS_BREAKERS = [...TEXT_BREAKERS, '}', ','];

export function redirectGlob(pattern: string): RedirectGlob {
  const lexed = lex(pattern);
  if (typeof lexed === 'string') return { ok: false, pattern, reason: lexed };
  const source = parse(lexed);
  if (source.error) return { ok: false, pattern, reason: source.error };
  const regex = new RegExp(`^(?:${source.regex})$`, 'u');
  return { ok: true, pattern, matches: (url) => regex.test(url) };
}

/** gobwas/glob's lexer: the tokens of `pattern`, or the reason it is not a glob. */
function lex(pattern: string): Token[] | string {
  const runes = [...pattern];
  const tokens: Token[] = [];
  let pos = 0;
  let termsLevel = 0;
  const text = (breakers: string[]) => {
    let data = '';
    let escaped = false;
    while (pos < runes.length) {
      const r = runes[pos];
      if (!escaped) {
        if (r === '\\') {
          escaped = true;
          pos++;
          continue;
        }
        if (breakers.includes(r)) break;
      }
      escaped = false;
      data += r;
      pos++;
    }
    if (data) tokens.push({ kind: 'text', text: data });
  };
  const range = (): string | null => {
    let wantHi = false;
    let wantClose = false;
    let seenNot = false;
    for (;;) {
      if (pos >= runes.length) return 'unexpected end of input';
      const r = runes[pos++];
      if (wantClose) {
        if (r !== ']') return 'expected close range character';
        tokens.push({ kind: 'rangeClose' });
        return null;
      }
      if (wantHi) {
        tokens.push({ kind: 'rangeHi', char: r });
        wantClose = true;
      } else if (!seenNot && r === '!') {
        tokens.push({ kind: 'not' });
        seenNot = true;
      } else if (runes[pos] === '-') {
        pos++;
        tokens.push({ kind: 'rangeLo', char: r }, { kind: 'rangeBetween' });
        wantHi = true;
      } else {
        pos--;
        text([']']);
        wantClose = true;
      }
    }
  };
  while (pos < runes.length) {
    const r = runes[pos++];
    if (r === '{') {
      termsLevel++;
      tokens.push({ kind: 'termsOpen' });
    } else if (r === ',' && termsLevel > 0) tokens.push({ kind: 'separator' });
    else if (r === '}' && termsLevel > 0) {
      tokens.push({ kind: 'termsClose' });
      termsLevel--;
    } else if (r === '[') {
      tokens.push({ kind: 'rangeOpen' });
      const error = range();
      if (error) return error;
    } else if (r === '?') tokens.push({ kind: 'single' });
    else if (r === '*') {
      if (runes[pos] === '*') {
        pos++;
        tokens.push({ kind: 'super' });
      } else tokens.push({ kind: 'any' });
    } else {
      pos--;
      text(termsLevel > 0 ? TERMS_BREAKERS : TEXT_BREAKERS);
    }
  }
  return tokens;
}

/** gobwas/glob's parser, writing the regular expression the matcher stands for. */
function parse(tokens: Token[]): { regex: string; error?: string } {
  // A stack of open alternatives: each holds its finished branches and the branch being written.
  const open: { branches: string[]; current: string }[] = [];
  let top = '';
  const emit = (s: string) => {
    if (open.length) open[open.length - 1].current += s;
    else top += s;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    switch (token.kind) {
      case 'text':
        emit(escapeText(token.text));
        break;
      case 'any':
        emit(`${NOT_SEPARATOR}*`);
        break;
      case 'super':
        emit('[^]*');
        break;
      case 'single':
        emit(NOT_SEPARATOR);
        break;
      case 'termsOpen':
        open.push({ branches: [], current: '' });
        break;
      case 'separator': {
        const terms = open[open.length - 1];
        terms.branches.push(terms.current);
        terms.current = '';
        break;
      }
      case 'termsClose': {
        const terms = open.pop()!;
        emit(`(?:${[...terms.branches, terms.current].join('|')})`);
        break;
      }
      case 'rangeOpen': {
        let not = false;
        let lo = '';
        let hi = '';
        let chars = '';
        for (i++; ; i++) {
          const t = tokens[i];
          if (!t) return { regex: '', error: 'unexpected end' };
          if (t.kind === 'not') not = true;
          else if (t.kind === 'rangeLo') lo = t.char;
          else if (t.kind === 'rangeHi') {
            hi = t.char;
            if (hi.codePointAt(0)! < lo.codePointAt(0)!) return { regex: '', error: `hi character '${hi}' should be greater than lo '${lo}'` };
          } else if (t.kind === 'text') chars = t.text;
          else if (t.kind === 'rangeClose') break;
        }
        const isRange = lo !== '' && hi !== '';
        if ((chars !== '') === isRange) return { regex: '', error: 'could not parse range' };
        const set = isRange ? `${escapeChar(lo)}-${escapeChar(hi)}` : [...chars].map(escapeChar).join('');
        emit(`[${not ? '^' : ''}${set}]`);
        break;
      }
      default:
        return { regex: '', error: `unexpected token: ${token.kind}` };
    }
  }
  // Alternatives left open at the end close there (gobwas/glob's parser stops at the end of input).
  while (open.length) {
    const terms = open.pop()!;
    emit(`(?:${[...terms.branches, terms.current].join('|')})`);
  }
  return { regex: top };
}

function escapeChar(c: string): string {
  return /^[A-Za-z0-9]$/.test(c) ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`;
}

function escapeText(text: string): string {
  return [...text].map(escapeChar).join('');
}
