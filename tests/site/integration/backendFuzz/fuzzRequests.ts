// Bad requests for the fuzz test (fuzzBackend.ts), generated from a fixed seed:
// the same seed gives the same requests, so a failure can be replayed.

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Api = 'rest' | 'auth' | 'functions' | 'storage' | 'gateway';

export interface FuzzRequest {
  /** The endpoint (path and fixed query) the request was made from, for the counts. */
  endpoint: string;
  api: Api;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

/** Keys and tokens the generator mixes in (valid ones, so requests get past the gateway). */
export interface FuzzKeys {
  anonKey: string;
  serviceRoleKey: string;
  userToken: string;
  adminToken: string;
  /** A second user's session, the one logout and refresh may end. */
  spareToken: string;
  /** That second user's refresh token. */
  refreshToken: string;
}

interface Endpoint {
  api: Api;
  /** One is picked per request. */
  paths: string[];
  methods: string[];
  body: () => Record<string, unknown>;
}

const TABLES = ['contact_submissions', 'waitlist', 'user_roles', 'admin_audit_log'];
const UUID = '00000000-0000-4000-8000-000000000000';

export function generateRequests(seed: number, count: number, keys: FuzzKeys): FuzzRequest[] {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => random() < p;
  let serial = 0;
  const email = () => `fuzz${++serial}.${int(1e6)}@example.com`;

  const contact = () => ({ name: 'Ada Example', email: email(), company: pick([null, 'Example Ltd']), message: 'We would like a demo.' });
  const waitlist = () => ({ name: 'Ben', email: email(), favorite_part: 'Brand kits', desired_features: 'Charts', willing_to_give_feedback: true });
  const endpoints: Endpoint[] = [
    { api: 'rest', paths: ['/rest/v1/contact_submissions'], methods: ['POST', 'POST', 'GET', 'PATCH', 'DELETE', 'HEAD'], body: contact },
    { api: 'rest', paths: ['/rest/v1/waitlist'], methods: ['POST', 'POST', 'GET', 'PATCH', 'DELETE', 'HEAD'], body: waitlist },
    { api: 'rest', paths: ['/rest/v1/user_roles'], methods: ['GET', 'POST', 'PATCH', 'DELETE'], body: () => ({ user_id: UUID, role: 'admin' }) },
    { api: 'rest', paths: ['/rest/v1/admin_audit_log'], methods: ['GET', 'POST', 'PATCH', 'DELETE'], body: () => ({ action: 'x', resource_type: 'y', resource_id: null }) },
    { api: 'rest', paths: ['/rest/v1/rpc/waitlist_count'], methods: ['POST', 'GET', 'HEAD'], body: () => ({}) },
    { api: 'rest', paths: ['/rest/v1/rpc/has_role'], methods: ['POST', 'GET'], body: () => ({ _role: 'admin' }) },
    { api: 'rest', paths: ['/rest/v1/users', '/rest/v1/rpc/drop_everything', '/rest/v1/', '/rest/v1/a/b/c', '/rest/v1/pg_catalog.pg_user'], methods: ['GET', 'POST'], body: () => ({}) },
    { api: 'auth', paths: ['/auth/v1/signup'], methods: ['POST'], body: () => ({ email: email(), password: 'correct horse', data: { name: 'Ada' } }) },
    { api: 'auth', paths: ['/auth/v1/token?grant_type=password'], methods: ['POST'], body: () => ({ email: email(), password: 'correct horse' }) },
    { api: 'auth', paths: ['/auth/v1/token?grant_type=refresh_token'], methods: ['POST'], body: () => ({ refresh_token: keys.refreshToken }) },
    { api: 'auth', paths: ['/auth/v1/token', '/auth/v1/token?grant_type=pkce', '/auth/v1/token?grant_type=password&grant_type=refresh_token'], methods: ['POST'], body: () => ({}) },
    { api: 'auth', paths: ['/auth/v1/user'], methods: ['GET', 'PUT'], body: () => ({ data: { theme: 'dark' } }) },
    { api: 'auth', paths: ['/auth/v1/logout'], methods: ['POST'], body: () => ({}) },
    { api: 'auth', paths: ['/auth/v1/verify'], methods: ['GET', 'POST'], body: () => ({ type: 'signup', token_hash: 'abc' }) },
    { api: 'auth', paths: ['/auth/v1/settings', '/auth/v1/health', '/auth/v1/recover', '/auth/v1/otp', '/auth/v1/admin/users'], methods: ['GET', 'POST'], body: () => ({ email: email() }) },
    { api: 'auth', paths: ['/auth/v1/verify'], methods: ['POST'], body: () => ({ type: 'email', email: email(), token: '123456' }) },
    { api: 'auth', paths: ['/auth/v1/resend', '/auth/v1/otp'], methods: ['POST'], body: () => ({ type: 'signup', email: email(), create_user: false, data: { name: 'Ada' } }) },
    { api: 'auth', paths: ['/auth/v1/reauthenticate', '/auth/v1/user?redirect_to=http://127.0.0.1:1/x'], methods: ['GET', 'PUT'], body: () => ({ email: email(), password: 'another horse', nonce: '123456' }) },
    { api: 'functions', paths: ['/functions/v1/log-admin-action'], methods: ['POST', 'POST', 'GET'], body: () => ({ action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null }) },
    { api: 'functions', paths: ['/functions/v1/no-such-function'], methods: ['POST'], body: () => ({}) },
    { api: 'gateway', paths: ['/', '/nope', '/rest/v2/waitlist', '/storage/v1/object', '/_site/v1/admin-roles'], methods: ['GET', 'POST'], body: () => ({ email: email(), admin: true }) },
  ];

  const badStrings = [
    'a\u0000b', '\u0000', '\ud800', 'x\udc00y', '   ', ' padded ', '\t\n', '\u200b', '\u00a0x\u00a0', '\u202eevil', '😀',
    "x'; drop table public.waitlist; --", '<script>alert(1)</script>', '${jndi:ldap://x}', '\\', '"', '%00', 'é'.repeat(3),
  ];
  const badEmails = ['a@b', '@b.co', 'a@b.c', 'a b@c.co', 'a@@b.co', 'ä@b.co', 'a..b@c.co', ' a@b.co', 'a@b.co\n', `${'x'.repeat(300)}@b.co`, '<x>@b.co', 'A@B.CO'];
  const badValues = (): unknown[] => [
    ...badStrings, ...badEmails, 42, -1e308, 0, true, false, null, [], [1, 'a'], { a: 1 }, 'x'.repeat(pick([101, 256, 2001, 100_000])), UUID, 'not-a-uuid',
  ];

  /** A JSON body with one kind of damage, as bytes (some damage cannot be expressed as a JS value). */
  function damagedBody(good: Record<string, unknown>): Buffer {
    const fields = Object.keys(good);
    const body: Record<string, unknown> = { ...good };
    switch (int(14)) {
      case 0:
      case 1:
      case 2: // a wrong value in one field (most of the time an otherwise valid row)
        body[pick(fields) ?? 'name'] = pick(badValues());
        return Buffer.from(JSON.stringify(body));
      case 3: // a wrong value in every field
        for (const f of fields) body[f] = pick(badValues());
        return Buffer.from(JSON.stringify(body));
      case 4: // keys that are not columns, prototype pollution
        return Buffer.from(JSON.stringify(good).replace(/^\{/, `{"${pick(['__proto__', 'constructor', 'prototype', 'unknown_col', 'name"; drop table x; --', ''])}":${pick(['{"admin":true}', '1', '"x"', 'null'])},`));
      case 5: // arrays and scalars where an object belongs
        return Buffer.from(pick(['[]', '[{}]', '[1,2]', '[[1]]', 'null', '"x"', '42', 'true', `[${JSON.stringify(body)},{"other":1}]`, `[${JSON.stringify(body)},${JSON.stringify(body)}]`]));
      case 6: { // deep nesting, whole body or in a field
        const depth = pick([513, 600, 5_000, 50_000]);
        const deep = pick(['[', '{"a":']).repeat(depth);
        const closed = deep + '1' + (deep.startsWith('[') ? ']' : '}').repeat(depth);
        return Buffer.from(chance(0.5) ? closed : JSON.stringify(body).replace(/\}$/, `,"${pick(fields) ?? 'x'}":${closed}}`));
      }
      case 7: // bytes that are not UTF-8, in a string or anywhere
        return Buffer.concat([Buffer.from(JSON.stringify(body).slice(0, -2)), Buffer.from(pick([[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0xa4], [0xf8, 0x88, 0x80, 0x80, 0x80]])), Buffer.from('"}')]);
      case 8: // a lone surrogate as a JSON escape
        return Buffer.from(JSON.stringify(body).replace(/":"/, `":"\\u${pick(['d800', 'dfff', 'dbff\\u0041'])}`));
      case 9: // huge or exotic numbers, written as JSON text
        return Buffer.from(JSON.stringify(body).replace(/^\{/, `{"${pick(fields) ?? 'x'}":${pick(['1e400', '-1e400', '123456789012345678901234567890', '0.0000000000000000000001', '-0', '1E+2'])},`));
      case 10: // broken JSON
        return Buffer.from(pick(['{', '{"name":', '{"name":"x",}', "{'name':'x'}", '\ufeff{}', '{}garbage', 'NaN', '{"a":1}\n{"b":2}', '{"name":"a","name":"b"}']));
      case 11: // empty and blank bodies
        return Buffer.from(pick(['', ' ', '\n\n', '{}']));
      case 12: // a huge string (under the 1 MB limit)
        body[pick(fields) ?? 'x'] = 'x'.repeat(pick([10_000, 300_000, 1_000_000 - 200]));
        return Buffer.from(JSON.stringify(body));
      default: // the body as it should be (other damage comes from the URL or headers)
        return Buffer.from(JSON.stringify(body));
    }
  }

  const queries = [
    'name=eq.%E0%A4%A', 'name=eq.%ZZ', 'name=%', 'na%FFme=eq.x', 'email=eq.%ED%A0%80', 'name=foo.x', 'name=eq', 'name=not.', 'name=in.(a,b',
    'name=is.maybe', 'id=eq.not-a-uuid', 'created_at=gt.notadate', 'created_at=gt.99999999-01-01', `name=eq.${encodeURIComponent("x';drop table public.waitlist;--")}`,
    'select=*,(select%201)', 'select=name;drop', 'select=%00', 'order=name.sideways', 'order=nope', 'limit=-1', 'limit=abc', 'limit=99999999999999999999999',
    'offset=1e400', 'offset=99999999999999999999999', 'columns=__proto__', 'columns=name,%22x', 'on_conflict=email', 'select=id&select=name', 'limit=1&limit=2',
    'apikey=garbage', '%00=%00', '&&&==&', `a=${'x'.repeat(5000)}`, 'x=1', '__proto__=1', 'constructor=1', 'name=eq.%00', 'id=in.(1,2,3)', 'role=gt.zzz',
    'willing_to_give_feedback=eq.maybe', 'name=like.*%25*', 'name=ilike.%5C', 'type=signup&token=%E0%A4%A', 'type=signup&token=%00', 'redirect_to=javascript:alert(1)',
    'scope=%00', 'scope=nope', 'grant_type=%FF',
  ];
  const badTokens = () => [
    'Bearer a.b.c', 'Bearer', 'Bearer ' + 'x'.repeat(int(500)), 'Basic dXNlcjpwYXNz', `Bearer ${keys.anonKey.slice(0, -3)}abc`,
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
    `Bearer ${keys.serviceRoleKey}`, `Bearer ${keys.userToken}`, `Bearer ${keys.anonKey}`, 'Bearer \u00e9\u00ff',
  ];
  const contentTypes = ['text/plain', 'text/csv', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'garbage', 'application/json; charset=latin1', 'application/xml', 'application/vnd.pgrst.object+json', 'text/xml', 'application/octet-stream'];
  const headerDamage: Array<(h: Record<string, string | string[]>) => void> = [
    (h) => (h.authorization = pick(badTokens())),
    (h) => delete h.apikey,
    (h) => (h.apikey = pick(['garbage', '\u00ff', 'x'.repeat(8000), keys.serviceRoleKey, ''])),
    (h) => (h.apikey = [keys.anonKey, 'garbage']),
    (h) => (h['content-type'] = pick(contentTypes)),
    (h) => delete h['content-type'],
    (h) => (h.prefer = pick(['return=representation', 'count=exact', 'garbage=;;;', 'return=representation,count=exact,resolution=merge-duplicates', 'tx=rollback'])),
    (h) => (h.accept = pick(['application/vnd.pgrst.object+json', 'text/csv', '*/*', 'garbage', 'application/vnd.pgrst.plan'])),
    (h) => (h.range = pick(['garbage', '0-', 'bytes=0-1', '-1--2', '99999999999999999999-1'])),
    (h) => (h[pick(['accept-profile', 'content-profile'])] = pick(['auth', 'public', 'pg_catalog', 'x'])),
    (h) => (h.origin = pick(['https://evil.example', 'null', 'http://localhost:1'])),
    (h) => (h.host = pick(['evil.example', 'a b', '[::', 'localhost:99999'])),
    (h) => (h['x-forwarded-for'] = '1.2.3.4, \u00ff'),
    (h) => (h['x-pad'] = 'p'.repeat(pick([4000, 12000]))),
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH'];

  // Values a database CHECK may let through but the forms refuse (or trim): the stored-row check needs some of these inserted.
  const nearlyValid: Record<string, unknown[]> = {
    name: [' Ada', 'Ada ', '\tAda', 'Ada\n', '\u200b', '\u00a0', 'a'.repeat(101), 'A\u0000', 'Ada\u202e'],
    email: ['ä@b.co', 'a@b.c', 'a..b@c.co', '<x>@b.co', 'a@b.co ', ' a@b.co', 'a@b-.co', '.a@b.co', 'a@b.co\t', `${'x'.repeat(250)}@b.co`],
    company: ['', ' ', ' Example', 'c'.repeat(201)],
    message: [' Hi', 'Hi\n', 'm'.repeat(2001), '\u3000'],
    favorite_part: [' Brand', 'p'.repeat(501), '\r\n'],
    desired_features: ['Charts ', 'f'.repeat(1001), '\u2028'],
    willing_to_give_feedback: ['true', 'yes', 1, 0, 'f', null],
  };
  function formSubmission(): FuzzRequest {
    const [path, good] = chance(0.5) ? ['/rest/v1/contact_submissions', contact()] : ['/rest/v1/waitlist', waitlist()];
    const body: Record<string, unknown> = good;
    for (let n = 1 + int(2); n > 0; n--) {
      const field = pick(Object.keys(body));
      body[field] = pick(nearlyValid[field]);
      if (field === 'email' && typeof body.email === 'string') body.email = body.email.replace('@', `+${++serial}@`);
    }
    const headers = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}`, 'content-type': 'application/json' };
    return { endpoint: `${path} (form values)`, api: 'rest', method: 'POST', path, headers, body: Buffer.from(JSON.stringify(body)) };
  }

  const requests: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    if (chance(0.15)) {
      requests.push(formSubmission());
      continue;
    }
    const endpoint = pick(endpoints);
    const method = chance(0.12) ? pick(methods) : pick(endpoint.methods);
    const base = pick(endpoint.paths);
    const token = endpoint.api === 'functions' ? keys.adminToken : endpoint.api === 'auth' ? keys.userToken : pick([keys.anonKey, keys.serviceRoleKey, keys.userToken]);
    const headers: Record<string, string | string[]> = { apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (let n = chance(0.6) ? 1 + int(2) : 0; n > 0; n--) pick(headerDamage)(headers);
    // The user's and the admin's sessions and the admin role must survive the run (or later requests test
    // less): logout only ends the spare session, and the service role never deletes (it could delete every row).
    if (base.endsWith('/logout') && [keys.userToken, keys.adminToken].some((t) => headers.authorization === `Bearer ${t}`)) headers.authorization = `Bearer ${keys.spareToken}`;
    if (method === 'DELETE') {
      if (headers.authorization === `Bearer ${keys.serviceRoleKey}`) headers.authorization = `Bearer ${keys.userToken}`;
      if (headers.apikey === keys.serviceRoleKey) headers.apikey = keys.anonKey;
    }
    let path = base;
    for (let n = chance(0.55) ? 1 + int(3) : 0; n > 0; n--) path += (path.includes('?') ? '&' : '?') + pick(queries);
    if (chance(0.01)) path += (path.includes('?') ? '&' : '?') + `long=${'y'.repeat(17_000)}`;
    const sendsBody = !['GET', 'HEAD'].includes(method) || chance(0.05);
    const body = sendsBody ? (chance(0.01) ? Buffer.alloc(1024 * 1024 + 10, 0x20) : damagedBody(endpoint.body())) : undefined;
    requests.push({ endpoint: base, api: endpoint.api, method, path, headers, body });
  }
  return requests;
}

/**
 * The characters no request text may carry into SQL unchecked: NUL, other C0
 * controls, DEL, a line separator, and a lone surrogate (written as its
 * UTF-8-style bytes ED A0 80, which a decoder turns into U+FFFD or refuses).
 */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u007f', '\u2028', 'lone surrogate'] as const;

/** The character percent-encoded for a URL. */
function urlEncoded(ch: (typeof CONTROL_CHARACTERS)[number]): string {
  return ch === 'lone surrogate' ? '%ED%A0%80' : encodeURIComponent(ch);
}

/** The character as the bytes of a header value, written latin1 (one char a byte). */
function headerBytes(ch: (typeof CONTROL_CHARACTERS)[number]): string {
  if (ch === 'lone surrogate') return '\u00ed\u00a0\u0080';
  return ch === '\u2028' ? Buffer.from(ch).toString('latin1') : ch;
}

/** The character inside a JSON string value (a lone surrogate as its \u escape). */
function jsonText(ch: (typeof CONTROL_CHARACTERS)[number]): string {
  return ch === 'lone surrogate' ? '\ud800' : ch;
}

/**
 * Every control character of CONTROL_CHARACTERS in every part of a request
 * that reaches the database or a mail: each part of `select`, filters, logic
 * trees, order, limit/offset, the REST headers, and auth's URL parameters and
 * body fields. `§` in a template marks where the character goes. Requests
 * with `raw` carry it in a header, which only a raw socket can send.
 */
export function controlCharacterRequests(keys: FuzzKeys): Array<FuzzRequest & { raw?: boolean }> {
  const REST_QUERIES: Array<[string, string, string]> = [
    // [method, table, query]
    ['GET', 'waitlist', 'select=name§'], ['GET', 'waitlist', 'select=na§me'], ['GET', 'waitlist', 'select=§'], ['GET', 'waitlist', 'select=name,§'],
    ['GET', 'waitlist', 'select=al§ias:name'], ['GET', 'waitlist', 'select=a:name§'], ['GET', 'waitlist', 'select="na§me"'], ['GET', 'waitlist', 'select="a§":name'],
    ['GET', 'contact_submissions', 'select=total->>§'], ['GET', 'waitlist', 'select=name->>§'], ['GET', 'waitlist', 'select=name->§->>x'], ['GET', 'waitlist', 'select=name->>"§"'],
    ['GET', 'waitlist', 'select=name->0§'], ['GET', 'waitlist', 'select=k:name->>§'], ['GET', 'waitlist', 'select=name::text§'], ['GET', 'waitlist', 'select=name::te§xt'],
    ['GET', 'waitlist', 'select=name::§'], ['GET', 'waitlist', 'select=name->>x::§int'], ['GET', 'admin_audit_log', 'select=*,user_roles§(*)'], ['GET', 'admin_audit_log', 'select=*,§(*)'],
    ['GET', 'admin_audit_log', 'select=*,x§:user_roles(*)'], ['GET', 'admin_audit_log', 'select=*,user_roles!§(*)'], ['GET', 'admin_audit_log', 'select=*,user_roles!inner§(*)'],
    ['GET', 'admin_audit_log', 'select=*,user_roles(role§)'], ['GET', 'admin_audit_log', 'select=*,...user_roles§(*)'], ['GET', 'admin_audit_log', 'select=...§'],
    ['GET', 'waitlist', 'na§me=eq.x'], ['GET', 'waitlist', '§=eq.x'], ['GET', 'waitlist', 'name=e§q.x'], ['GET', 'waitlist', 'name=eq§.x'], ['GET', 'waitlist', 'name=eq.§'],
    ['GET', 'waitlist', 'name=eq.a§b'], ['GET', 'waitlist', 'name=in.(a§,b)'], ['GET', 'waitlist', 'name=in.("§")'], ['GET', 'waitlist', 'name=like.*§*'], ['GET', 'waitlist', 'name=is.§'],
    ['GET', 'waitlist', 'name->>§=eq.x'], ['GET', 'waitlist', 'name=fts(§).x'], ['GET', 'waitlist', 'name=fts.§'], ['GET', 'waitlist', 'name=not.§eq.x'], ['GET', 'waitlist', 'name=eq(any).{a,§}'],
    ['GET', 'waitlist', 'or=(name.eq.§,email.eq.x)'], ['GET', 'waitlist', 'or=(na§me.eq.x)'], ['GET', 'waitlist', 'or=(name.e§q.x)'], ['GET', 'waitlist', 'and=(name.eq."§")'],
    ['GET', 'waitlist', 'or§=(name.eq.x)'], ['GET', 'waitlist', 'not.or=(§)'], ['GET', 'waitlist', 'or=(and(name.eq.x,name->>§.eq.y))'], ['GET', 'admin_audit_log', 'user_roles.§=eq.x'],
    ['GET', 'admin_audit_log', 'select=*,user_roles(*)&user_roles.role=eq.§'], ['GET', 'admin_audit_log', 'select=*,user_roles(*)&user_roles.or=(role.eq.§)'],
    ['GET', 'waitlist', 'order=name§'], ['GET', 'waitlist', 'order=§'], ['GET', 'waitlist', 'order=name.desc§'], ['GET', 'waitlist', 'order=name->>§'], ['GET', 'waitlist', 'order="§"'],
    ['GET', 'admin_audit_log', 'select=*,user_roles(*)&order=§(role)'], ['GET', 'admin_audit_log', 'select=*,user_roles(*)&user_roles.order=§'],
    ['GET', 'waitlist', 'limit=1§'], ['GET', 'waitlist', 'limit=§'], ['GET', 'waitlist', 'offset=§1'], ['GET', 'waitlist', 'offset=1§'],
    ['GET', 'admin_audit_log', 'select=*,user_roles(*)&user_roles.limit=§'], ['GET', 'admin_audit_log', 'select=*,user_roles(*)&user_roles.offset=§'],
    ['POST', 'waitlist', 'columns=name§'], ['POST', 'waitlist', 'columns="§"'], ['POST', 'waitlist', 'on_conflict=email§'], ['POST', 'waitlist', 'select=name§'],
    ['PATCH', 'waitlist', 'name=eq.§'], ['PATCH', 'waitlist', 'select=name->>§'], ['DELETE', 'waitlist', 'email=eq.§'], ['DELETE', 'waitlist', 'or=(name.eq.§)'],
    ['GET', 'rpc/has_role', '_role=§'], ['GET', 'rpc/has_role', '§=admin'], ['POST', 'rpc/waitlist_count', 'select=§'], ['GET', 'wait§list', ''], ['GET', 'rpc/has§_role', ''],
  ];
  const REST_HEADERS: Array<[string, string]> = [
    ['prefer', 'return=representation§'], ['prefer', '§'], ['prefer', 'count=exact,§'], ['prefer', 'missing=default§'],
    ['range', '0-§'], ['range', '§0-1'], ['accept', 'application/json§'], ['accept', '§'], ['accept', 'application/vnd.pgrst.object+json§'],
    ['accept-profile', 'public§'], ['content-profile', '§'], ['apikey', `${keys.anonKey}§`], ['apikey', '§'], ['authorization', `Bearer ${keys.userToken}§`], ['authorization', 'Bearer §'],
  ];
  const redirect = 'http://localhost:3000/a§b';
  const AUTH_QUERIES: Array<[string, string, Record<string, unknown> | null]> = [
    ['GET', '/verify?type=§&token=123456', null], ['GET', '/verify?type=signup&token=§', null], ['GET', '/verify?type=signup&token_hash=§', null],
    ['GET', `/verify?type=signup&token=123456&redirect_to=${redirect}`, null], ['GET', '/verify?type=recovery&token_hash=x&redirect_to=§', null],
    ['GET', '/authorize?provider=§', null], ['GET', `/authorize?provider=github&redirect_to=${redirect}`, null],
    ['POST', '/token?grant_type=§', {}], ['POST', '/token?grant_type=password§', { email: 'fuzz.user@example.com', password: 'x' }],
    ['POST', `/signup?redirect_to=${redirect}`, { email: 'new.§@example.com', password: 'correct horse' }],
    ['POST', `/otp?redirect_to=${redirect}`, { email: 'fuzz.user@example.com', create_user: false }],
    ['POST', `/recover?redirect_to=${redirect}`, { email: 'fuzz.user@example.com' }], ['POST', '/recover', { email: 'fuzz.user§@example.com' }],
    ['POST', `/resend?redirect_to=${redirect}`, { type: 'signup', email: 'fuzz.user@example.com' }], ['POST', '/resend', { type: 'sign§up', email: 'fuzz.user@example.com' }],
    ['PUT', `/user?redirect_to=${redirect}`, { data: { theme: 'dark' } }], ['PUT', '/user', { data: { 'the§me': 'da§rk' } }],
    ['POST', '/factors', { factor_type: 'totp', friendly_name: 'ph§one' }], ['POST', '/factors', { factor_type: 'to§tp' }],
    ['POST', '/factors/§/challenge', {}], ['DELETE', '/factors/§', null], ['POST', '/verify', { type: 'email', email: 'fuzz.user@example.com', token: '12§3456' }],
    ['POST', '/logout?scope=§', {}], ['POST', '/logout?scope=local§', {}],
  ];
  const AUTH_HEADERS: Array<[string, string]> = [['apikey', `${keys.anonKey}§`], ['authorization', `Bearer ${keys.userToken}§`]];

  const requests: Array<FuzzRequest & { raw?: boolean }> = [];
  const jsonHeaders = (token: string) => ({ apikey: keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const restBody = (table: string) =>
    table === 'waitlist' ? Buffer.from(JSON.stringify({ name: 'Ben', email: 'control@example.com', favorite_part: 'Kits', desired_features: 'Charts', willing_to_give_feedback: true })) : Buffer.from('{}');
  for (const ch of CONTROL_CHARACTERS) {
    for (const [method, table, query] of REST_QUERIES) {
      const path = `/rest/v1/${table.replace('§', urlEncoded(ch))}${query ? `?${query.replace(/§/g, urlEncoded(ch))}` : ''}`;
      // DELETE as a signed-in user, who may delete nothing: the service role could delete every row.
      const token = method === 'DELETE' ? keys.userToken : keys.serviceRoleKey;
      requests.push({ endpoint: `/rest/v1 ${method} ${query || table} (control)`, api: 'rest', method, path, headers: jsonHeaders(token), ...(method === 'POST' || method === 'PATCH' ? { body: restBody(table) } : {}) });
    }
    for (const [name, value] of REST_HEADERS) {
      for (const method of ['GET', 'POST']) {
        const headers = { ...jsonHeaders(keys.serviceRoleKey), [name]: value.replace(/§/g, headerBytes(ch)) };
        requests.push({ endpoint: `/rest/v1 ${name} header (control)`, api: 'rest', method, path: '/rest/v1/waitlist', headers, raw: true, ...(method === 'POST' ? { body: restBody('waitlist') } : {}) });
      }
    }
    for (const [method, pathAndQuery, body] of AUTH_QUERIES) {
      // The user's sign-in must survive: logout ends the spare user's only.
      const token = pathAndQuery.startsWith('/logout') ? keys.spareToken : keys.userToken;
      const path = `/auth/v1${pathAndQuery.replace(/§/g, urlEncoded(ch))}`;
      const text = body && JSON.stringify(body).replace(/§/g, JSON.stringify(jsonText(ch)).slice(1, -1));
      requests.push({ endpoint: `/auth/v1 ${method} ${pathAndQuery.replace(/\?.*/, '')} (control)`, api: 'auth', method, path, headers: jsonHeaders(token), ...(text ? { body: Buffer.from(text) } : {}) });
    }
    for (const [name, value] of AUTH_HEADERS) {
      const headers = { ...jsonHeaders(keys.userToken), [name]: value.replace(/§/g, headerBytes(ch)) };
      requests.push({ endpoint: `/auth/v1 ${name} header (control)`, api: 'auth', method: 'GET', path: '/auth/v1/user', headers, raw: true });
    }
  }
  return requests;
}
