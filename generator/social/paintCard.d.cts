export interface PaintFont {
  name: string;
  data: Buffer | Uint8Array;
  weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  style: 'normal' | 'italic';
}
export type SatoriElement = { type: string; props: Record<string, unknown> };
export declare function cardPainter(satori: unknown, sharp: unknown, fonts: readonly PaintFont[]): (element: SatoriElement) => Promise<Buffer>;
export declare const PNG_OPTIONS: { readonly painter: string; readonly color: 'rgb'; readonly filter: 'none'; readonly zlibLevel: number };
export declare const WIDTH: 1200;
export declare const HEIGHT: 630;
