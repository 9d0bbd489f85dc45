export type SpeedLayer = 'workers' | 'codeCache' | 'packDeltas' | 'buildRecord' | 'shared' | 'regexTable' | 'inPlace';
export declare const SPEED_LAYERS: Record<SpeedLayer, string>;
export declare function layerOff(name: SpeedLayer): boolean;
export declare function layersOff(): Set<SpeedLayer>;
