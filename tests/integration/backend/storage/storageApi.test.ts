// The Storage API through the real supabase-js client, on PGlite and on a PostgreSQL server: the
// buckets of config.toml, policies on storage.objects, signed URLs, size and type limits, image
// transformations, and files on disk following their rows.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor, signedInClient } from '../testClients.ts';
import { ENGINES } from '../testEngines.ts';
import { AVATAR_POLICIES, objectFilesIn, pngOf, storageProject } from './storageProject.ts';

const CONFIG = `
[storage]
file_size_limit = "50MiB"

[storage.image_transformation]
enabled = true

[storage.buckets.avatars]
public = false

[storage.buckets.tiny]
file_size_limit = "1MiB"

[storage.buckets.images]
public = true
allowed_mime_types = ["image/png", "image/jpeg"]
objects_path = "./seed-images"
`;

describe.each(ENGINES)('Storage on $name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let project: ReturnType<typeof storageProject>;
  let dataDir: string;
  let backend: RunningBackend;
  let service: SupabaseClient;
  let logo: Buffer;

  beforeAll(async () => {
    logo = await pngOf(400, 300);
    project = storageProject(CONFIG, { 'seed-images/logo.png': logo, 'seed-images/notes.txt': 'not an image' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-storage-data-'));
    backend = await engine.start({ supabaseDir: project.supabaseDir, dataDir });
    await backend.db.exec(AVATAR_POLICIES);
    service = clientFor(backend, backend.serviceRoleKey);
  }, 120_000);

  /** A POST of "x" as the service role, over node:http. */
  function post(pathname: string): Promise<{ status: number; body: string }> {
    const url = new URL(backend.apiUrl);
    return new Promise((resolve, reject) => {
      const headers = { authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'text/plain' };
      const request = http.request({ host: url.hostname, port: url.port, method: 'POST', path: pathname, headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      request.end('x');
    });
  }

  afterAll(async () => {
    await backend?.close();
    rmSync(dataDir, { recursive: true, force: true });
    project?.remove();
  });

  it("makes config.toml's buckets and uploads their objects_path (files the bucket refuses are left out)", async () => {
    const { data: buckets } = await service.storage.listBuckets();
    expect(buckets?.map((b) => [b.name, b.public, b.file_size_limit, b.allowed_mime_types]).sort()).toEqual([
      ['avatars', false, 52428800, null],
      ['images', true, 52428800, ['image/png', 'image/jpeg']],
      ['tiny', false, 1048576, null],
    ]);
    const { data: listed } = await service.storage.from('images').list();
    expect(listed?.map((o) => [o.name, o.metadata?.mimetype])).toEqual([['logo.png', 'image/png']]);
    const url = service.storage.from('images').getPublicUrl('logo.png').data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(logo)).toBe(true);
  });

  it('answers to the publishable key as anon and the secret key as the service role; a made-up sb_ key is 401', async () => {
    const publishable = clientFor(backend, backend.publishableKey);
    const read = await publishable.storage.from('images').download('logo.png');
    expect(Buffer.from(await read.data!.arrayBuffer()).equals(logo)).toBe(true);
    expect((await publishable.storage.listBuckets()).data).toEqual([]);
    const upload = await publishable.storage.from('tiny').upload('anon.txt', 'x', { contentType: 'text/plain' });
    expect(upload.error?.message).toBe('new row violates row-level security policy');
    const secret = clientFor(backend, backend.secretKey);
    expect((await secret.storage.listBuckets()).data?.map((b) => b.name).sort()).toEqual(['avatars', 'images', 'tiny']);
    expect((await secret.storage.from('tiny').upload('secret.txt', 'x', { contentType: 'text/plain' })).error).toBeNull();
    expect((await secret.storage.from('tiny').remove(['secret.txt'])).data?.map((o) => o.name)).toEqual(['secret.txt']);
    const madeUp = await fetch(`${backend.apiUrl}/storage/v1/bucket`, { headers: { apikey: 'sb_publishable_madeup', authorization: 'Bearer sb_publishable_madeup' } });
    expect(madeUp.status).toBe(401);
    expect(await madeUp.json()).toEqual({ message: 'Invalid API key' });
    const fromBrowser = await fetch(`${backend.apiUrl}/storage/v1/bucket`, { headers: { apikey: backend.secretKey, 'user-agent': 'Mozilla/5.0' } });
    expect(fromBrowser.status).toBe(401);
  });

  it('lets a user upload only where the policies allow', async () => {
    const ada = await signedInClient(backend);
    const ben = await signedInClient(backend);
    const own = await ada.client.storage.from('avatars').upload(`${ada.userId}/me.png`, logo, { contentType: 'image/png' });
    expect(own.error).toBeNull();
    const other = await ada.client.storage.from('avatars').upload(`${ben.userId}/me.png`, logo, { contentType: 'image/png' });
    expect(other.error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });
    const anonymous = await clientFor(backend).storage.from('avatars').upload(`${ada.userId}/anon.png`, logo, { contentType: 'image/png' });
    expect(anonymous.error?.message).toBe('new row violates row-level security policy');
    const { data } = await service.storage.from('avatars').list(ben.userId);
    expect(data).toEqual([]);
  });

  it("keeps a user's private file from another user", async () => {
    const ada = await signedInClient(backend);
    const ben = await signedInClient(backend);
    const name = `${ada.userId}/private.txt`;
    expect((await ada.client.storage.from('avatars').upload(name, 'only for Ada', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await ada.client.storage.from('avatars').download(name)).data?.text()).toBe('only for Ada');
    const download = await ben.client.storage.from('avatars').download(name);
    expect(download.data).toBeNull();
    expect(download.error).toMatchObject({ statusCode: '404' });
    expect((await ben.client.storage.from('avatars').createSignedUrl(name, 60)).error).toMatchObject({ message: 'Object not found', statusCode: '404' });
    expect((await ben.client.storage.from('avatars').list(ada.userId)).data).toEqual([]);
    expect((await ben.client.storage.from('avatars').remove([name])).data).toEqual([]);
    expect((await clientFor(backend).storage.from('avatars').download(name)).error).toMatchObject({ statusCode: '404' });
    expect(await (await ada.client.storage.from('avatars').download(name)).data?.text()).toBe('only for Ada');
  });

  it('serves a signed URL until it expires, and refuses it tampered with', async () => {
    const ada = await signedInClient(backend);
    const name = `${ada.userId}/signed.txt`;
    await ada.client.storage.from('avatars').upload(name, 'signed bytes', { contentType: 'text/plain' });
    const { data } = await ada.client.storage.from('avatars').createSignedUrl(name, 600);
    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const withToken = (t: string) => `${url.origin}${url.pathname}?token=${t}`;
    const served = await fetch(withToken(token));
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('signed bytes');

    const otherObject = Buffer.from(JSON.stringify({ ...claims, url: `avatars/${ada.userId}/other.txt` })).toString('base64url');
    const tampered = [`${header}.${otherObject}.${signature}`, `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`];
    for (const t of tampered) {
      const refused = await fetch(withToken(t));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT', message: 'signature verification failed' });
    }
    // A valid token for this object does not open another one.
    const elsewhere = await fetch(`${url.origin}${url.pathname.replace('signed.txt', 'elsewhere.txt')}?token=${token}`);
    expect(await elsewhere.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });

    const { data: brief } = await ada.client.storage.from('avatars').createSignedUrl(name, 1);
    const briefToken = new URL(brief!.signedUrl).searchParams.get('token')!;
    const { exp } = JSON.parse(Buffer.from(briefToken.split('.')[1], 'base64url').toString());
    while (Date.now() <= exp * 1000 + 50) await new Promise((r) => setTimeout(r, 100));
    const expired = await fetch(withToken(briefToken));
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  it('refuses a 2 MiB file in a 1 MiB bucket and keeps none of it', async () => {
    const before = objectFilesIn(dataDir);
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    for (const body of [big, new Blob([big])]) {
      const { error } = await service.storage.from('tiny').upload('big.bin', body, { contentType: 'application/octet-stream' });
      expect(error).toMatchObject({ message: 'The object exceeded the maximum allowed size', statusCode: '413' });
    }
    expect((await service.storage.from('tiny').list()).data).toEqual([]);
    expect(objectFilesIn(dataDir)).toEqual(before);
    expect((await service.storage.from('tiny').upload('small.bin', Buffer.alloc(1024 * 1024, 7))).error).toBeNull();
  });

  it('refuses a text file named .png in an image-only bucket, whatever type it claims', async () => {
    const plain = await service.storage.from('images').upload('fake.png', 'just some text');
    expect(plain.error).toMatchObject({ message: 'mime type text/plain;charset=UTF-8 is not supported', statusCode: '415' });
    const claimed = await service.storage.from('images').upload('fake.png', 'just some text', { contentType: 'image/png' });
    expect(claimed.error).toMatchObject({ message: 'mime type image/png is not supported', statusCode: '415' });
    expect((await service.storage.from('images').exists('fake.png')).data).toBe(false);
    expect((await service.storage.from('images').upload('real.png', logo, { contentType: 'image/png' })).error).toBeNull();
  });

  it('transforms an image to the asked width (signed, public and authenticated)', async () => {
    const { default: sharp } = await import('sharp');
    await service.storage.from('images').upload('wide.png', logo, { contentType: 'image/png', upsert: true });
    const signed = await service.storage.from('images').createSignedUrl('wide.png', 60, { transform: { width: 100 } });
    const fromSigned = await fetch(signed.data!.signedUrl);
    expect(fromSigned.headers.get('x-transformations')).toBe('width:100,resizing_type:fill');
    expect((await sharp(Buffer.from(await fromSigned.arrayBuffer())).metadata()).width).toBe(100);
    const publicUrl = service.storage.from('images').getPublicUrl('wide.png', { transform: { width: 80, height: 80, resize: 'contain' } }).data.publicUrl;
    const fromPublic = await fetch(`${publicUrl}&format=webp`);
    expect(fromPublic.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await fromPublic.arrayBuffer())).metadata()).toMatchObject({ width: 80, height: 60, format: 'webp' });
    const downloaded = await service.storage.from('images').download('wide.png', { transform: { width: 200 } });
    expect((await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata()).width).toBe(200);
  });

  it("answers a browser's preflight for an upload with the headers storage-js sends", async () => {
    const preflight = await fetch(`${backend.apiUrl}/storage/v1/object/avatars/a.png`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4321', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-upsert, cache-control, x-metadata, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    for (const h of ['authorization', 'x-upsert', 'cache-control', 'x-metadata', 'content-type']) expect(preflight.headers.get('access-control-allow-headers')).toContain(h);
  });

  it("removes a file's bytes from disk with its row", async () => {
    await service.storage.from('avatars').upload('gone/soon.txt', 'bytes to remove', { contentType: 'text/plain' });
    const { data: info } = await service.storage.from('avatars').info('gone/soon.txt');
    const file = path.join(dataDir, 'storage', 'objects', info!.version!);
    expect(existsSync(file)).toBe(true);
    await service.storage.from('avatars').update('gone/soon.txt', 'replaced', { contentType: 'text/plain' });
    expect(existsSync(file)).toBe(false);
    const { data: replaced } = await service.storage.from('avatars').info('gone/soon.txt');
    const replacement = path.join(dataDir, 'storage', 'objects', replaced!.version!);
    expect((await service.storage.from('avatars').remove(['gone/soon.txt'])).data).toHaveLength(1);
    expect(existsSync(replacement)).toBe(false);
    expect((await service.storage.from('avatars').info('gone/soon.txt')).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses "..", absolute paths, control characters and over-long names with a 4xx in the storage shape', async () => {
    const names = ['/abs.txt', 'a//b.txt', 'tab\there.txt', 'nul\u0000.txt', 'line\u2028.txt', 'é.txt', 'x'.repeat(1025)];
    for (const name of names) {
      const answer = await post(`/storage/v1/object/avatars/${name.split('/').map(encodeURIComponent).join('/')}`);
      expect(answer.status, name).toBe(400);
      expect(JSON.parse(answer.body), name).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    // "." and ".." segments (also as %2E%2E) are resolved in the URL before any route (isValidKey refuses them too).
    for (const pathname of ['/storage/v1/object/avatars/../escape.txt', '/storage/v1/object/avatars/a/%2E%2E/%2e%2e/escape.txt']) {
      const answer = await post(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(JSON.parse(answer.body), pathname).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const { data } = await service.storage.from('avatars').listV2();
    expect(data?.objects.map((o) => o.name).filter((n) => /escape|abs|b\.txt/.test(n))).toEqual([]);
  });
});
