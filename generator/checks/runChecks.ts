/** Runs every build check over the page summaries; the first failing one becomes a CheckFailed error listing its problems. Pure. */
import { SiteError } from '../errors.ts';
import { checks, type CheckInput } from './checkPages.ts';

export function runChecks(input: CheckInput): void {
  for (const [name, check] of Object.entries(checks)) {
    const problems = check(input);
    if (problems.length) throw new SiteError('CheckFailed', { check: name, problems: problems.slice(0, 20).concat(problems.length > 20 ? [`… and ${problems.length - 20} more`] : []) });
  }
}
