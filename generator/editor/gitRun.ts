/** git, run in a folder: its output, or its own message when it fails. */
import { execFile } from 'node:child_process';

export type GitResult = { ok: true; out: string; bytes: Buffer } | { ok: false; message: string };

export function gitRun(cwd: string, args: string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', ...args],
      { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: 60_000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        if (error) resolve({ ok: false, message: (stderr.toString('utf8').trim() || stdout.toString('utf8').trim() || error.message).split('\n').slice(0, 6).join(' ') });
        else resolve({ ok: true, out: stdout.toString('utf8'), bytes: stdout });
      },
    );
  });
}

/** The repository's top folder holding `dir`, or null when `dir` is in none (or git is missing). */
export async function gitTop(dir: string): Promise<string | null> {
  const r = await gitRun(dir, ['rev-parse', '--show-toplevel']);
  return r.ok ? r.out.trim() : null;
}
