// Bad requests to the Storage API for the fuzz test (fuzz.test.ts), from a fixed seed, and every
// control character in every part of a storage request. The fuzz project has the buckets
// `fuzz-public` (public, holding logo.png), `fuzz-private` and `fuzz-images` (image/png only, 64 KiB).
import { CONTROL_CHARACTERS, mulberry32, type FuzzKeys, type FuzzRequest } from './fuzzRequests.ts';

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f2a1b50000000049454e44ae426082', 'hex');

const BUCKETS = ['fuzz-public', 'fuzz-private', 'fuzz-images', 'nope', 'a'.repeat(101), 'sign', 'list'];
const NAMES = ['logo.png', 'a/b.png', 'folder/deep/file.txt', 'x.png', '.emptyFolderPlaceholder', 'new/%20space.png', 'a%2Fb.png', `${'n'.repeat(1100)}.png`, 'é.png', '', 'a//b'];

/** An upload body of one kind: raw bytes, or multipart/form-data whole or damaged; with its Content-Type. */
function uploadBody(pick: <T>(items: readonly T[]) => T, int: (n: number) => number): { body: Buffer; contentType: string } {
  const file = pick([TINY_PNG, Buffer.from('plain text'), Buffer.alloc(70 * 1024, 1), Buffer.alloc(0), Buffer.from([0xff, 0xfe, 0x00])]);
  const part = (headers: string, content: Buffer | string) => Buffer.concat([Buffer.from(`--B\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const fileHeaders = pick([
    'Content-Disposition: form-data; name=""; filename="x.png"\r\nContent-Type: image/png',
    'Content-Disposition: form-data; name="file"; filename="x.txt"',
    'Content-Disposition: attachment; filename="x.png"',
    'Content-Disposition: form-data; name="a"; filename="\u0000"\r\nContent-Type: \u00ff',
  ]);
  const fields = [
    part('Content-Disposition: form-data; name="cacheControl"', pick(['3600', '', 'x'.repeat(3000), '\u0000'])),
    part('Content-Disposition: form-data; name="metadata"', pick(['{"a":1}', '{"a":"\\u0000"}', 'not json', '[1,2]', `{"deep":${'['.repeat(600)}${']'.repeat(600)}}`])),
    part('Content-Disposition: form-data; name="contentType"', pick(['image/png', 'text/plain', '', 'a/b/c'])),
  ];
  switch (int(8)) {
    case 0:
    case 1:
      return { body: file, contentType: pick(['image/png', 'text/plain;charset=UTF-8', 'application/octet-stream', 'image/*', 'garbage', '']) };
    case 2:
      return { body: Buffer.concat([...fields.slice(0, 1 + int(3)), part(fileHeaders, file), Buffer.from('--B--\r\n')]), contentType: 'multipart/form-data; boundary=B' };
    case 3: // no closing boundary, or cut anywhere
      return { body: Buffer.concat([...fields, part(fileHeaders, file)]).subarray(0, int(300)), contentType: 'multipart/form-data; boundary=B' };
    case 4: // no file part, two files, headers over the limit
      return {
        body: pick([
          Buffer.concat([...fields, Buffer.from('--B--\r\n')]),
          Buffer.concat([part(fileHeaders, file), part(fileHeaders, file), Buffer.from('--B--\r\n')]),
          Buffer.concat([Buffer.from(`--B\r\nX: ${'h'.repeat(20_000)}\r\n\r\n`), Buffer.from('--B--\r\n')]),
        ]),
        contentType: 'multipart/form-data; boundary=B',
      };
    case 5: // the boundary missing, wrong or empty
      return { body: Buffer.concat([part(fileHeaders, file), Buffer.from('--B--\r\n')]), contentType: pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=C', 'multipart/form-data; boundary="B']) };
    default:
      return { body: Buffer.from(JSON.stringify({ name: 'x' })), contentType: 'application/json' };
  }
}

export function generateStorageRequests(seed: number, count: number, keys: FuzzKeys): FuzzRequest[] {
  const random = mulberry32(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  let serial = 0;
  const value = () => pick<unknown>([null, true, 'x', -1, 0, 1e20, [], {}, ['image/png'], '\u0000', 'é'.repeat(50), { a: { b: 1 } }]);
  const jsonBodies: Record<string, () => Record<string, unknown>> = {
    bucket: () => ({ name: pick([`b${++serial}`, ...BUCKETS, ' spaced', 'a/b', '\u0000']), id: pick([undefined, 'x/y', `i${serial}`]), public: pick([true, false, 'true', 'x']), file_size_limit: pick([1000, '1mb', '20MB', 'huge', null, -1, 1e15]), allowed_mime_types: pick([['image/png'], null, ['bad type'], [1], 'image/png', []]), type: pick([undefined, 'STANDARD', 'ANALYTICS', 'x']) }),
    list: () => ({ prefix: pick(['', 'a', 'a/', '%', '_', '\\', 'folder/deep/']), limit: pick([1, 0, -1, 'x', 1e9, 2]), offset: pick([0, -5, 1e12]), sortBy: pick([{ column: 'name', order: 'desc' }, { column: 'created_at' }, { column: 'nope' }, 'x', { order: 'asc' }]), search: pick(['', 'b', '%_', undefined]), cursor: pick([undefined, 'garbage', Buffer.from('l:a').toString('base64'), Buffer.from('l:a\na:not-a-date\nc:created_at').toString('base64')]), with_delimiter: pick([true, false, 'x']) }),
    sign: () => ({ expiresIn: pick([60, 0, -1, 1e20, 'x', 3600]), paths: pick([['logo.png', 'nope'], [], 'x', [1], Array.from({ length: 1001 }, (_, i) => `p${i}`)]), transform: pick([{ width: 10 }, { width: -1 }, 'x', { quality: 5 }, undefined]) }),
    move: () => ({ bucketId: pick(['fuzz-public', 'nope', 1, 'a/b']), sourceKey: pick(['logo.png', 'nope', '../x', 'a/b.png']), destinationKey: pick([`moved/${++serial}.png`, '', '../x', 'logo.png']), destinationBucket: pick([undefined, 'fuzz-private', 'nope', '']), copyMetadata: pick([undefined, false, 'x']), metadata: pick([undefined, { mimetype: 'text/plain' }, 'x']) }),
    remove: () => ({ prefixes: pick([['a/b.png'], [], 'x', [1], [`x${serial}`]]) }),
  };
  const endpoints: Array<{ label: string; path: () => string; methods: string[]; body: () => { body: Buffer; contentType: string } }> = [
    { label: '/storage/v1/bucket[/:id[/empty]]', path: () => pick(['/storage/v1/bucket', `/storage/v1/bucket/${pick(BUCKETS)}`, `/storage/v1/bucket/${pick(BUCKETS)}/empty`]), methods: ['GET', 'POST', 'PUT', 'DELETE'], body: () => json('bucket') },
    { label: '/storage/v1/object/[authenticated|public|info]/:bucket/*', path: () => `/storage/v1/object/${pick(['', 'authenticated/', 'public/', 'info/', 'info/public/'])}${pick(BUCKETS)}/${pick(NAMES)}`, methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'], body: () => uploadBody(pick, int) },
    { label: '/storage/v1/object/list[-v2]/:bucket', path: () => `/storage/v1/object/${pick(['list', 'list-v2'])}/${pick(BUCKETS)}`, methods: ['POST'], body: () => json('list') },
    { label: '/storage/v1/object/[upload/]sign/:bucket[/*]', path: () => `/storage/v1/object/${pick(['sign', 'upload/sign'])}/${pick(BUCKETS)}${pick(['', `/${pick(NAMES)}`])}${pick(['', '?token=a.b.c', `?token=${keys.userToken}`])}`, methods: ['POST', 'GET', 'PUT'], body: () => (random() < 0.5 ? json('sign') : uploadBody(pick, int)) },
    { label: '/storage/v1/object/move|copy', path: () => `/storage/v1/object/${pick(['move', 'copy'])}`, methods: ['POST'], body: () => json('move') },
    { label: '/storage/v1/object/:bucket (DELETE)', path: () => `/storage/v1/object/${pick(BUCKETS)}`, methods: ['DELETE'], body: () => json('remove') },
    {
      label: '/storage/v1/render/image/*',
      path: () => `/storage/v1/render/image/${pick(['public', 'authenticated', 'sign'])}/${pick(BUCKETS)}/${pick(NAMES)}?${pick(['width=20', 'width=9999&height=-1', 'quality=10', 'format=gif', 'resize=cover&width=1&height=1', 'token=x', 'width=abc', 'download=a%20b'])}`,
      methods: ['GET', 'HEAD'],
      body: () => json('list'),
    },
    { label: '/storage/v1 (routes not served)', path: () => pick(['/storage/v1/', '/storage/v1/upload/resumable', '/storage/v1/s3/x', '/storage/v1/object', '/storage/v1/status', '/storage/v1/cdn/x', '/storage/v1/vector/x']), methods: ['GET', 'POST'], body: () => json('bucket') },
  ];
  function json(kind: string): { body: Buffer; contentType: string } {
    const body = jsonBodies[kind]();
    if (random() < 0.3) body[pick(Object.keys(body))] = value();
    const text = random() < 0.1 ? pick(['{', '[]', 'null', '"x"', '{"a":1}garbage', '']) : JSON.stringify(body);
    return { body: Buffer.from(text), contentType: pick(['application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded']) };
  }
  const requests: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const endpoint = pick(endpoints);
    const method = pick(endpoint.methods);
    const token = pick([keys.anonKey, keys.serviceRoleKey, keys.userToken, keys.spareToken, 'a.b.c', '']);
    const { body, contentType } = endpoint.body();
    const headers: Record<string, string | string[]> = { apikey: keys.anonKey, 'content-type': contentType };
    if (token) headers.authorization = `Bearer ${token}`;
    if (random() < 0.3) headers[pick(['x-upsert', 'x-metadata', 'cache-control', 'range', 'if-none-match', 'accept'])] = pick(['true', 'garbage', 'eyJhIjoxfQ==', 'bytes=0-1', 'bytes=9-1', 'image/webp', '"etag"']);
    const path = endpoint.path();
    requests.push({ endpoint: endpoint.label, api: 'storage', method, path, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body }) });
  }
  return requests;
}

/** The character percent-encoded for a URL. */
const urlEncoded = (ch: string) => (ch === 'lone surrogate' ? '%ED%A0%80' : encodeURIComponent(ch));
/** The character as header bytes (latin1, one char a byte). */
const headerBytes = (ch: string) => (ch === 'lone surrogate' ? '\u00ed\u00a0\u0080' : ch === '\u2028' ? Buffer.from(ch).toString('latin1') : ch);
/** The character inside a JSON string value. */
const jsonText = (ch: string) => (ch === 'lone surrogate' ? '\ud800' : ch);

/** Every control character in each part of a storage request: names in paths, query, JSON fields, upload headers. */
export function storageControlCharacterRequests(keys: FuzzKeys): Array<FuzzRequest & { raw?: boolean }> {
  const PATHS: Array<[string, string]> = [
    ['POST', '/object/fuzz-private/a§b.txt'], ['PUT', '/object/fuzz-private/§'], ['GET', '/object/fuzz-public/lo§go.png'], ['HEAD', '/object/fuzz-public/§/x'],
    ['GET', '/object/info/fuzz-public/§.png'], ['DELETE', '/object/fuzz-private/§x'], ['GET', '/object/public/fuzz§-public/logo.png'], ['GET', '/bucket/fuzz§'],
    ['POST', '/object/sign/fuzz-public/§'], ['POST', '/object/upload/sign/fuzz-private/§.png'], ['PUT', '/object/upload/sign/fuzz-private/x.png?token=§'],
    ['GET', '/object/sign/fuzz-public/logo.png?token=§'], ['GET', '/object/public/fuzz-public/logo.png?download=§'], ['GET', '/render/image/public/fuzz-public/logo.png?width=1§'],
    ['GET', '/render/image/public/fuzz-public/§.png'], ['GET', '/bucket?search=§'], ['GET', '/bucket?sortColumn=§'], ['POST', '/object/list/fu§zz-public'],
  ];
  const BODIES: Array<[string, string]> = [
    ['/bucket', '{"name":"b§"}'], ['/bucket', '{"name":"ok-§","id":"§"}'], ['/bucket', '{"name":"c","allowed_mime_types":["image/§"]}'], ['/bucket/fuzz-private', '{"allowed_mime_types":["a§/b"]}'],
    ['/object/list/fuzz-public', '{"prefix":"§"}'], ['/object/list/fuzz-public', '{"prefix":"","search":"§"}'], ['/object/list-v2/fuzz-public', '{"prefix":"§","with_delimiter":true}'],
    ['/object/list-v2/fuzz-public', '{"cursor":"§"}'], ['/object/move', '{"bucketId":"fuzz-public","sourceKey":"§","destinationKey":"x§"}'],
    ['/object/copy', '{"bucketId":"fuzz-public","sourceKey":"logo.png","destinationKey":"c§.png"}'], ['/object/sign/fuzz-public', '{"expiresIn":60,"paths":["§"]}'],
  ];
  const HEADERS: Array<[string, string]> = [['content-type', 'image/png§'], ['x-upsert', 't§rue'], ['x-metadata', 'eyJ§'], ['cache-control', 'max-age=§'], ['range', 'bytes=0-§'], ['authorization', `Bearer ${keys.userToken}§`]];
  const requests: Array<FuzzRequest & { raw?: boolean }> = [];
  const headers = (contentType = 'text/plain') => ({ apikey: keys.anonKey, authorization: `Bearer ${keys.serviceRoleKey}`, 'content-type': contentType });
  for (const ch of CONTROL_CHARACTERS) {
    for (const [method, template] of PATHS) {
      const path = `/storage/v1${template.replace(/§/g, urlEncoded(ch))}`;
      requests.push({ endpoint: `/storage/v1 ${method} ${template.replace(/\?.*/, '')} (control)`, api: 'storage', method, path, headers: headers(), ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.from('body') }) });
    }
    for (const [template, body] of BODIES) {
      const text = body.replace(/§/g, JSON.stringify(jsonText(ch)).slice(1, -1));
      requests.push({ endpoint: `/storage/v1 POST ${template} (control body)`, api: 'storage', method: template === '/bucket/fuzz-private' ? 'PUT' : 'POST', path: `/storage/v1${template}`, headers: headers('application/json'), body: Buffer.from(text) });
    }
    for (const [name, value] of HEADERS) {
      requests.push({ endpoint: `/storage/v1 ${name} header (control)`, api: 'storage', method: 'POST', path: `/storage/v1/object/fuzz-private/header-${requests.length}.txt`, headers: { ...headers(), [name]: value.replace(/§/g, headerBytes(ch)) }, raw: true, body: Buffer.from('body') });
    }
  }
  return requests;
}
