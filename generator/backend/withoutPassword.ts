/** Pure: a database URL fit for messages and logs (the password, if any, as ***). */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an invalid URL)';
  }
}
