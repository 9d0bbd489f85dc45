// jest setupFiles shim (the only change to the suites' environment):
//  - points the suites' fixed URLs (SHIM_MAP: {"http://localhost:3000": "http://127.0.0.1:P/rest/v1", ...})
//    at the embedded backend;
//  - adds the backend's key as `apikey` when a request to the backend has none (SHIM_APIKEY), as the
//    Supabase CLI's gateway lets such requests through;
//  - an `apikey` that is a JWT of its own making (auth-js signs its "publishable" and "secret" keys with
//    its signing_keys.json, which the backend reads as [auth] signing_keys_path) becomes the backend's
//    anon / service-role key for that role: the Supabase CLI's gateway hands any apikey on to the services,
//    which verify it, where this backend checks the key as hosted Supabase's gateway does. Bearer tokens go
//    on as they are: the backend verifies them with the same signing keys.
//  - notes in SHIM_TESTS which test sent each request to the backend (test file, tab, test name), so the
//    harness can count the tests that talk to a server apart from those that mock fetch.
const MAP = JSON.parse(process.env.SHIM_MAP || '{}');
const APIKEY = process.env.SHIM_APIKEY || '';
const ANON = process.env.SHIM_ANON_KEY || '';
const SERVICE = process.env.SHIM_SERVICE_KEY || '';

function ownKey(token) {
  const parts = String(token).split('.');
  if (parts.length !== 3) return token;
  let claims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString());
  } catch { return token; }
  if (token === ANON || token === SERVICE) return token;
  if (claims.role === 'anon' && ANON) return ANON;
  if (claims.role === 'service_role' && SERVICE) return SERVICE;
  return token;
}
function mapUrl(url) {
  for (const [from, to] of Object.entries(MAP)) {
    if (url === from || url.startsWith(from + '/') || url.startsWith(from + '?')) return { url: to + url.slice(from.length), mapped: true };
  }
  return { url, mapped: false };
}
function fixHeaders(headers, mapped) {
  const apikey = headers.get('apikey');
  if (apikey) headers.set('apikey', ownKey(apikey));
  else if (mapped && APIKEY) headers.set('apikey', APIKEY);
}
function noteTest() {
  if (!process.env.SHIM_TESTS || typeof globalThis.expect !== 'function') return;
  const state = globalThis.expect.getState();
  if (state && state.currentTestName) require('fs').appendFileSync(process.env.SHIM_TESTS, `${state.testPath}\t${state.currentTestName}\n`);
}
function wrap(realFetch, Headers, Request) {
  const inner = function fetch(input, init) {
    const isRequest = typeof Request === 'function' && input instanceof Request;
    const raw = isRequest ? input.url : String(input instanceof URL ? input.href : input);
    const { url, mapped } = mapUrl(raw);
    if (!mapped) return realFetch(input, init);
    noteTest();
    if (isRequest) {
      const req = new Request(url, input);
      const h = new Headers(init && init.headers ? init.headers : req.headers);
      fixHeaders(h, mapped);
      return realFetch(new Request(req, { ...(init || {}), headers: h }));
    }
    const h = new Headers((init && init.headers) || {});
    fixHeaders(h, mapped);
    return realFetch(url, { ...(init || {}), headers: h });
  };
  // a transport error (not an HTTP answer) is noted in SHIM_LOG, with its cause, for the report
  const outer = function fetch(input, init) {
    return inner(input, init).catch((e) => {
      if (process.env.SHIM_LOG) {
        const c = e && e.cause;
        require('fs').appendFileSync(process.env.SHIM_LOG, `${new Date().toISOString()} ${String(input && input.url ? input.url : input)} ${e && e.message} ${c ? (c.code || '') + ' ' + (c.message || '') : ''}\n`);
      }
      throw e;
    });
  };
  outer.__siteShim = true;
  return outer;
}

// The global fetch (Node's), when the test environment has one.
if (typeof globalThis.fetch === 'function' && !globalThis.fetch.__siteShim) {
  globalThis.fetch = wrap(globalThis.fetch, globalThis.Headers, globalThis.Request);
}
// postgrest-js (own repository) falls back to @supabase/node-fetch where no global fetch exists
// (its "handles undefined global fetch" test deletes it): the module is wrapped the same way.
if (typeof jest !== 'undefined') {
  let actual = null, id = '@supabase/node-fetch';
  // resolved from the suite's folder (this file's folder has no node_modules), mocked by that path
  try { id = require.resolve('@supabase/node-fetch', { paths: [process.cwd()] }); } catch {}
  try { actual = jest.requireActual(id); } catch {}
  if (actual) {
    jest.doMock(id, () => {
      const f = wrap(actual.default || actual, actual.Headers, actual.Request);
      Object.assign(f, actual);
      Object.defineProperty(f, '__esModule', { value: true });
      f.default = f;
      return f;
    });
  }
}
