/**
 * Which widths to make of an image: the configured widths up to the source's own, plus the source's
 * width when it lies between two of them (so the largest file shows every pixel there is), never an
 * upscale. Pure.
 */
export function chooseWidths(sourceWidth: number, widths: readonly number[]): number[] {
  const sorted = [...new Set(widths.filter((w) => Number.isInteger(w) && w > 0))].sort((a, b) => a - b);
  const fit = sorted.filter((w) => w <= sourceWidth);
  if (fit.at(-1) !== sourceWidth && (fit.length === 0 || sorted.some((w) => w > sourceWidth))) fit.push(sourceWidth);
  return fit;
}
