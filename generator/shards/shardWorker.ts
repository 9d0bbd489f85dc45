/**
 * A build shard in a worker thread: runs ShardState's parse and render on
 * request; rendered pages go back batch by batch. Errors travel as data: a SiteError
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
    if (msg.type === 'parse') reply = { id: msg.id, ok: true, result: state.parse(msg.sources) };
    else {
      state.render(msg.job, (pages) => port.postMessage({ id: msg.id, pages } satisfies ShardReply));
      reply = { id: msg.id, ok: true, result: [] };
    }
  } catch (e) {
    reply = { id: msg.id, ok: false, error: errorToData(e) };
  }
  port.postMessage(reply);
});
