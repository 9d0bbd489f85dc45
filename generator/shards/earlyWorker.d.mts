import type { Worker } from 'node:worker_threads';
export declare const workerHeapMb: (articles: number) => number;
export declare function startEarlyWorker(file: string): void;
export declare function adoptEarlyWorker(heapMb: number): Worker | undefined;
export declare function discardEarlyWorker(): void;
export declare const WORKER_THRESHOLD: number;
export declare function earlyWorkerWanted(args: string[], cwd?: string): boolean;
export declare const shardBundle: (root: string, siteRoot: string) => Promise<string>;
export declare const shardWorker: (file: string, heapMb: number) => Worker;
