/** Runs every build check over the page summaries; the first failing one becomes a CheckFailed error listing its problems. Pure. */
import { SiteError } from '../core/errors.ts';
import { checks, type Check, type CheckInput } from './checkPages.ts';

/** `table`: the checks by name, in order (the engine's, and those the site's plugins add). */
export function runChecks(input: CheckInput, table: Iterable<[string, Check]> = Object.entries(checks)): void {
  for (const [name, check] of table) {
    const problems = check(input);
    if (problems.length) throw new SiteError('CheckFailed', { check: name, problems: problems.slice(0, 20).concat(problems.length > 20 ? [`… and ${problems.length - 20} more`] : []) });
  }
}
