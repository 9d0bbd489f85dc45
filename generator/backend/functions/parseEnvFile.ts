/**
 * Pure: the variables of a dotenv file, as `supabase functions serve` reads
 * `supabase/functions/.env`: `NAME=value` lines, `export ` allowed, `#`
 * comments, values in single quotes taken as they are, in double quotes with
 * `\n`, `\"` and `\\` escapes. Lines that are not assignments are skipped.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(raw);
    if (!match) continue;
    const [, name, rest] = match;
    const quoted = /^(['"])((?:\\.|(?!\1).)*)\1/.exec(rest);
    if (quoted) {
      env[name] = quoted[1] === "'" ? quoted[2] : quoted[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    } else {
      env[name] = rest.replace(/\s+#.*$/, '').trim();
    }
  }
  return env;
}
