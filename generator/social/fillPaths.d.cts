export declare const TOLERANCE: number;
export declare function pathSegments(d: string): Float64Array | null;
export declare function fillSegments(
  image: Buffer,
  width: number,
  height: number,
  stride: number,
  segments: Float64Array,
  color: readonly [number, number, number, number],
): boolean;
