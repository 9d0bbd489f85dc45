/** One frame of a V8 stack trace: the function's name (if any) and where it is. */
export interface StackFrame {
  name?: string;
  /** A path, or a file: URL as an ES module's frames give it. */
  file: string;
  line: number;
  column: number;
}

const AT = /^\s*at (?:(?:async )?(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** The frames of `stack` (an Error's .stack) that name a file, line and column; pure. */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const text of stack.split('\n')) {
    const m = AT.exec(text);
    if (!m || m[2]!.startsWith('node:')) continue;
    frames.push({ ...(m[1] ? { name: m[1] } : {}), file: m[2]!, line: Number(m[3]), column: Number(m[4]) });
  }
  return frames;
}
