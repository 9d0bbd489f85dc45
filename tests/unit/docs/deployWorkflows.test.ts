/**
 * The GitHub Actions workflows of docs/deploy.md are whole: each that uploads a Pages artifact also
 * publishes it, in a job after the upload's, through actions/deploy-pages with the permissions and the
 * environment it needs. A workflow that stops at the upload publishes nothing.
 */
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

interface Step {
  uses?: string;
  id?: string;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  environment?: { name?: string; url?: string } | string;
  steps?: Step[];
}
interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const deploy = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const workflows = [...deploy.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => yaml.load(m[1]!) as Workflow).filter((w) => w && typeof w === 'object' && 'jobs' in w);
const uses = (job: Job, action: string) => (job.steps ?? []).some((s) => s.uses?.startsWith(`${action}@`));

describe('docs/deploy.md, GitHub Actions workflows', () => {
  it('has workflows that upload a Pages artifact', () => {
    expect(workflows.filter((w) => Object.values(w.jobs).some((j) => uses(j, 'actions/upload-pages-artifact'))).length).toBeGreaterThanOrEqual(2);
  });

  for (const [i, workflow] of workflows.entries()) {
    const uploads = Object.entries(workflow.jobs).filter(([, j]) => uses(j, 'actions/upload-pages-artifact'));
    if (!uploads.length) continue;
    it(`workflow ${i + 1} publishes what it uploads with actions/deploy-pages`, () => {
      const deploys = Object.entries(workflow.jobs).filter(([, j]) => uses(j, 'actions/deploy-pages'));
      expect(deploys.length).toBe(1);
      const [, job] = deploys[0]!;
      expect([job.needs].flat()).toEqual(expect.arrayContaining(uploads.map(([name]) => name)));
      const permissions = { ...workflow.permissions, ...job.permissions };
      expect(permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
      expect(job.environment).toMatchObject({ name: 'github-pages' });
    });
  }
});
