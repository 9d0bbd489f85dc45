// Worker entry: registers tsx in this thread (workers do not inherit it), then loads the TypeScript entry.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
