/**
 * A worker thread of passwordHashing.ts: bcrypt (bcryptjs) off the backend's event loop. A request is
 * { id, password, cost } (hash) or { id, password, hash } (compare); the reply { id, value } or
 * { id, error }.
 */
'use strict';

const { parentPort } = require('node:worker_threads');
const bcrypt = require('bcryptjs');

parentPort.on('message', ({ id, password, cost, hash }) => {
  try {
    parentPort.postMessage({ id, value: hash === undefined ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash) });
  } catch (e) {
    parentPort.postMessage({ id, error: String((e && e.message) || e) });
  }
});
