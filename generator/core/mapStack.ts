/**
 * A stack trace with each frame in one of the generator's bundles named as the source has it
 * (sourceFrames.ts): what an unexpected error shows in `site dev`. Read only when such an error is reported.
 */
import { parseStack } from './parseStack.ts';
import { sourceFrame } from './sourceFrames.ts';

export function mapStack(stack: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const [frame] = parseStack(line);
      if (!frame) return line;
      const s = sourceFrame(frame);
      if (s.file === frame.file && s.line === frame.line) return line;
      const where = `${s.file}:${s.line}:${s.column}`;
      return `    at ${frame.name ? `${frame.name} (${where})` : where}`;
    })
    .join('\n');
}
