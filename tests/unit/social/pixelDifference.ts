/** How two images' pixels differ: the largest difference of a channel, and the mean over all channels. */
export function pixelDifference(a: Buffer, b: Buffer): { max: number; mean: number } {
  let max = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    max = Math.max(max, d);
    sum += d;
  }
  return { max, mean: sum / a.length };
}
