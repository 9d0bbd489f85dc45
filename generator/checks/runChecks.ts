/** Runs every build check; the first failing one becomes a CheckFailed error listing all its problems. Pure. */
import { SiteError } from '../errors.ts';
import { checks, type CheckInput } from './checkPages.ts';
import { scanHtml } from './scanHtml.ts';

export function runChecks(input: CheckInput): void {
  const scanned = new Map(input.pages.map((p) => [p.url, scanHtml(p.html)]));
  for (const [name, check] of Object.entries(checks)) {
    const problems = check(input, scanned);
    if (problems.length) throw new SiteError('CheckFailed', { check: name, problems: problems.slice(0, 20).concat(problems.length > 20 ? [`… and ${problems.length - 20} more`] : []) });
  }
}
