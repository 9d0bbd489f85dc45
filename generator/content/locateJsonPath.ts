/**
 * Finds the 1-based line of a value inside JSON text, given its path
 * (["plans", 1, "price"]). Pure: a small scanner that tracks offsets, so a
 * schema error can name the line an author must fix. Returns the line of the
 * deepest part of the path that exists (the parent object when a field is missing).
 */
export function locateJsonPath(text: string, path: readonly PropertyKey[]): number | undefined {
  let i = 0;
  let best: number | undefined;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  // Malformed text could leave a loop without progress: give up (keeping `best`) instead of hanging.
  const advanced = (from: number) => {
    if (i === from) throw new Error('no progress');
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skip = (): void => {
    ws();
    const c = text[i];
    if (c === '"') return void str();
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      while (i < text.length && text[i] !== close) {
        const from = i;
        if (c === '{') {
          ws();
          str();
          ws();
          i++; // colon
        }
        skip();
        ws();
        if (text[i] === ',') i++;
        ws();
        advanced(from);
      }
      i++;
      return;
    }
    while (i < text.length && !/[\s,}\]]/.test(text[i]!)) i++;
  };
  const walk = (depth: number): void => {
    ws();
    best = lineAt(i);
    if (depth === path.length) return;
    const want = path[depth];
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      while (i < text.length && text[i] !== '}') {
        const from = i;
        ws();
        const keyAt = i;
        const key = str();
        ws();
        i++; // colon
        if (key === want) {
          best = lineAt(keyAt);
          return walk(depth + 1);
        }
        skip();
        ws();
        if (text[i] === ',') i++;
        ws();
        advanced(from);
      }
    } else if (c === '[') {
      i++;
      let index = 0;
      ws();
      while (i < text.length && text[i] !== ']') {
        if (index === want) return walk(depth + 1);
        const from = i;
        skip();
        ws();
        if (text[i] === ',') i++;
        ws();
        advanced(from);
        index++;
      }
    }
  };
  try {
    walk(0);
  } catch {
    /* malformed text: keep the best line found so far */
  }
  return best;
}
