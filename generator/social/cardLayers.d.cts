export type Rgba = [number, number, number, number];
export interface PlainShape {
  d: string;
  color: Rgba;
}
export declare function cardLayers(svg: string, width: number, height: number): { background: string; layer: PlainShape[] } | null;
export declare function solidColor(fill: string | undefined): Rgba | null;
