/**
 * A build shard in a worker thread: runs ShardState's parse, open and
 * renderBatch on request, one request at a time, in the order they come.
 * Errors travel as data: a SiteError as its code and arguments (rebuilt in
 * the main thread), anything else as its stack.
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
    if (msg.type === 'parse') reply = { id: msg.id, ok: true, result: state.parse(msg.blogDir, msg.sources) };
    else if (msg.type === 'open') reply = { id: msg.id, ok: true, result: (state.open(msg.job), null) };
    else reply = { id: msg.id, ok: true, result: state.renderBatch(msg.paths) };
  } catch (e) {
    reply = { id: msg.id, ok: false, error: errorToData(e) };
  }
  port.postMessage(reply);
});
