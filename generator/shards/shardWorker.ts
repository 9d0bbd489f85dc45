/**
 * A build shard in a worker thread: runs ShardState's parse and render on
 * request and reports render progress. Errors travel as data: a SiteError
 * as its code and arguments (rebuilt in the main thread), anything else as
 * its stack.
 */
import { parentPort } from 'node:worker_threads';
import { ShardState } from './ShardState.ts';
import type { ShardReply, ShardRequest } from './shardProtocol.ts';
import { errorToData } from './shardProtocol.ts';

const state = new ShardState();
const port = parentPort!;

port.on('message', (msg: ShardRequest) => {
  let reply: ShardReply;
  try {
    const result =
      msg.type === 'parse'
        ? state.parse(msg.sources)
        : state.render(msg.job, (done) => port.postMessage({ id: msg.id, progress: done } satisfies ShardReply));
    reply = { id: msg.id, ok: true, result };
  } catch (e) {
    reply = { id: msg.id, ok: false, error: errorToData(e) };
  }
  port.postMessage(reply);
});
