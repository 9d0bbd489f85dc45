/**
 * A vitest reporter added to the default one (vitest.config.ts): at the end of a run it prints the ten
 * slowest test files, each with its time (importing the file, its hooks and its tests), the processor
 * time it took (fileCpu.ts: its process and every process it started, which a busy machine hardly
 * changes) and its tests' count, and the sums over all files, so a file that grows slow is seen in
 * every `npm test`. With SITE_TEST_TIMES naming a file, every file's times are written there too, as JSON
 * (slowest first), to compare two runs file by file.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** What the report shows of one file. */
export interface FileTime {
  file: string;
  ms: number;
  /** Processor time, when the file's process could tell. */
  cpuMs?: number;
  tests: number;
}

/** A file's time: importing it (its collection, setup files) and running its hooks and tests. */
export function fileTime(module: TestModule, root: string): FileTime {
  const d = module.diagnostic();
  return {
    file: path.relative(root, module.moduleId),
    ms: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
    cpuMs: module.meta().cpuMs,
    tests: [...module.children.allTests()].length,
  };
}

/** The report's lines: the `count` slowest files, slowest first, and the total. Pure. */
export function slowestFiles(files: readonly FileTime[], count = 10): string[] {
  if (files.length === 0) return [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const slowest = [...files].sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file)).slice(0, count);
  const width = Math.max(...slowest.map((f) => f.file.length));
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  const cpu = (f: { cpuMs?: number }) => (f.cpuMs === undefined ? '' : `${seconds(f.cpuMs)} CPU`).padStart(12);
  const totalCpu = files.every((f) => f.cpuMs !== undefined) ? { cpuMs: files.reduce((sum, f) => sum + f.cpuMs!, 0) } : {};
  return [
    `The ${slowest.length} slowest test files (each file's import, hooks and tests; the processor time of its processes):`,
    ...slowest.map((f) => `  ${seconds(f.ms).padStart(8)}${cpu(f)}  ${f.file.padEnd(width)}  ${f.tests} tests`),
    `  ${seconds(total).padStart(8)}${cpu(totalCpu)}  all ${files.length} files together`,
  ];
}

export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((m) => fileTime(m, this.root));
    const lines = slowestFiles(files);
    if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
    const out = process.env.SITE_TEST_TIMES;
    if (out) writeFileSync(out, JSON.stringify(files.sort((a, b) => b.ms - a.ms), null, 1) + '\n');
  }
}
