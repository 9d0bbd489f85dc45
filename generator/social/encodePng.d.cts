export declare const LEVEL: number;
export declare function encodePng(scanlines: Buffer, width: number, height: number): Buffer;
