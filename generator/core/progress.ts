/**
 * A one-line progress display ("Rendering pages 1200/4027") for builds that
 * take longer than a second, redrawn in place at most ten times a second.
 * Silent when the stream is not a terminal (CI logs, pipes).
 */
export interface Progress {
  update(label: string, done: number, total: number): void;
  /** Clears the line. */
  done(): void;
}

export function progressLine(stream: NodeJS.WriteStream = process.stderr, now = () => performance.now()): Progress {
  const started = now();
  let drawn = 0;
  let visible = false;
  if (!stream.isTTY) return { update() {}, done() {} };
  return {
    update(label, done, total) {
      const t = now();
      if (t - started < 1000 || (t - drawn < 100 && done < total)) return;
      drawn = t;
      visible = true;
      stream.write(`\r\x1b[2K${label} ${done}/${total}`);
    },
    done() {
      if (visible) stream.write('\r\x1b[2K');
      visible = false;
    },
  };
}
