/**
 * The cases a differential test file runs: the fixture as it is (`asIs`) or its seeds, unless
 * `SITE_DIFF_SEED` names cases (seeds, and `none` for the fixture as it is, comma-separated): then those
 * alone, each in the file that runs its kind. Pure.
 */
export function chosenCases(asIs: boolean, seeds: number[], env = process.env.SITE_DIFF_SEED): (number | null)[] {
  if (!env) return asIs ? [null] : seeds;
  const asked = env.split(',').map((s) => s.trim());
  return asIs ? (asked.includes('none') ? [null] : []) : asked.filter((s) => s !== 'none').map(Number);
}
