/**
 * A build in the test's own process (generator/build.ts), reported as `site build` reports it: the exit code
 * the CLI gives, and on stderr every line the build logged and the error the CLI prints. For a test about
 * what a build does rather than about the CLI: it spares a process and the engine's start in it.
 */
import { build, type BuildResult } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { errorReport } from '../../generator/core/errors.ts';

export interface Built {
  /** 0 built, 1 a user's mistake (a SiteError), 2 anything else: the CLI's exit codes. */
  code: 0 | 1 | 2;
  /** The build's log lines (warnings), then the error as the CLI prints it. */
  stderr: string;
  /** What the build returned, when it succeeded. */
  result?: BuildResult;
}

/** `build(options)` with no backend, no progress line and no social images unless `options` say otherwise. */
export async function buildHere(options: SiteOptions): Promise<Built> {
  let stderr = '';
  const log = (line: string) => void (stderr += `${line}\n`);
  try {
    const result = await build({ backend: null, progress: false, socialImages: false, log, ...options });
    return { code: 0, stderr, result };
  } catch (e) {
    const report = errorReport(e);
    return { code: report.code, stderr: stderr + report.text };
  }
}
