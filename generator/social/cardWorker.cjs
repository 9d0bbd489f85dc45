/**
 * A build's card worker (a worker thread, started by CardPool.ts): draws the cards it is sent with the
 * fonts it was started with (workerData.fonts), loaded once for every card it draws. A request is
 * { id, element } (satori's element tree); the reply { id, png, by } names this thread, or { id, error }.
 * Requests are answered as they finish: with two in flight, the next card is here when one is done,
 * and librsvg's rasterizing (on libuv's thread pool, when a card needs it) overlaps the next layout.
 */
'use strict';

const { parentPort, threadId, workerData } = require('node:worker_threads');
const { cardPainter } = require('./paintCard.cjs');

const paint = cardPainter(require('satori'), require('sharp'), workerData.fonts);

parentPort.on('message', async ({ id, element }) => {
  try {
    const png = await paint(element);
    parentPort.postMessage({ id, png, by: threadId });
  } catch (e) {
    parentPort.postMessage({ id, error: { message: String((e && e.message) || e), stack: String((e && e.stack) || e) } });
  }
});
