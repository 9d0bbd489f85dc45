import { describe, expect, it } from 'vitest';
import { apiErrorBody } from '../../../../generator/backend/apiErrorResponse.ts';
import { assetHeaders, parseRange } from '../../../../generator/backend/storage/assetResponse.ts';
import { decodeCursor, encodeCursor } from '../../../../generator/backend/storage/listRoutes.ts';
import { describeTransform, parseTransformString, transformOptions } from '../../../../generator/backend/storage/renderImage.ts';
import { bytesFitType, contentTypeOfFile, sniffImage } from '../../../../generator/backend/storage/sniffMime.ts';
import { jwtRefusal, storageToken } from '../../../../generator/backend/storage/storageCaller.ts';
import { pgErrorToStorage, StorageError, storageErrors } from '../../../../generator/backend/storage/StorageError.ts';
import { Fields } from '../../../../generator/backend/storage/storageInput.ts';

/** A project's four keys, as storageToken compares them. */
const KEYS = { anonKey: 'anon.jwt.key', serviceRoleKey: 'service.jwt.key', publishableKey: 'sb_publishable_abc', secretKey: 'sb_secret_def' };

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('Storage API pure parts', () => {
  it("answers errors in the storage server's shape: 400 on the wire for a 4xx, the real status in the body", async () => {
    const response = storageErrors.noSuchBucket().toResponse();
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
    expect(storageErrors.accessDenied('Access denied: Invalid role', 403).status).toBe(403);
    expect(new StorageError(500, 'InternalError', 'x').status).toBe(500);
    expect(apiErrorBody('storage', { status: 413, restCode: '413', authCode: 'x', message: 'too large' })).toEqual({ statusCode: '413', code: 'InvalidRequest', error: 'Payload Too Large', message: 'too large' });
  });

  it("maps the database's refusals to the storage server's errors, never a 5xx for a request's values", () => {
    const pg = (code: string, message = 'm') => Object.assign(new Error(message), { code });
    expect(pgErrorToStorage(pg('42501', 'new row violates row-level security policy for table "objects"'))).toMatchObject({ statusCode: 403, message: 'new row violates row-level security policy' });
    expect(pgErrorToStorage(pg('23505'))).toMatchObject({ statusCode: 409, message: 'The resource already exists' });
    expect(pgErrorToStorage(pg('23503'))).toMatchObject({ statusCode: 404, message: 'The related resource does not exist' });
    for (const code of ['22021', '22P02', '54000', 'P0001', '23514']) expect(pgErrorToStorage(pg(code))?.status, code).toBe(400);
    expect(pgErrorToStorage(pg('XX000'))).toBeNull();
    expect(pgErrorToStorage(new Error('no code'))).toBeNull();
  });

  it('takes the JWT as the Supabase CLI gateway forwards it, and words refusals as jose does', () => {
    const request = (headers: Record<string, string>) => new Request('http://x/', { headers });
    expect(storageToken(request({ authorization: 'Bearer a.b.c', apikey: 'k' }), KEYS)).toBe('a.b.c');
    expect(storageToken(request({ authorization: 'Bearer sb_publishable_x', apikey: 'k' }), KEYS)).toBe('k');
    expect(storageToken(request({ apikey: 'k' }), KEYS)).toBe('k');
    expect(storageToken(request({}), KEYS)).toBe('');
    // The publishable and secret keys stand for the legacy keys of their roles, as the gateway mints a JWT.
    expect(storageToken(request({ apikey: KEYS.publishableKey }), KEYS)).toBe(KEYS.anonKey);
    expect(storageToken(request({ authorization: `Bearer ${KEYS.secretKey}` }), KEYS)).toBe(KEYS.serviceRoleKey);
    expect(storageToken(request({ authorization: `Bearer ${KEYS.publishableKey}`, apikey: KEYS.publishableKey }), KEYS)).toBe(KEYS.anonKey);
    expect(jwtRefusal('', 'invalid')).toBe('Invalid Compact JWS');
    expect(jwtRefusal('a.b.c', 'invalid')).toBe('signature verification failed');
    expect(jwtRefusal('a.b.c', 'expired')).toBe('"exp" claim timestamp check failed');
  });

  it("writes and reads list-v2's cursor, refusing one it did not write", () => {
    const cursor = { startAfter: 'a/b.png', sortOrder: 'desc', sortColumn: 'created_at', sortColumnAfter: '2026-01-02T03:04:05.678Z' };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(encodeCursor({ startAfter: 'x' }))).toEqual({ startAfter: 'x', sortOrder: 'asc' });
    expect(() => decodeCursor(Buffer.from('z:1').toString('base64'))).toThrow('Invalid Parameter continuation token');
    expect(() => decodeCursor(Buffer.from('a:not a date').toString('base64'))).toThrow('continuation token');
  });

  it('lists transformations as the storage server does, in tokens and in X-Transformations', () => {
    const options = transformOptions(Fields.query(new URL('http://x/?width=200&height=9999&quality=60&format=webp')));
    expect(options).toEqual({ width: 200, height: 9999, quality: 60, format: 'webp' });
    expect(describeTransform(options)).toEqual(['height:2000', 'width:200', 'resizing_type:fill', 'quality:60', 'format:webp']);
    expect(describeTransform({ width: 10, resize: 'contain' }, true)).toEqual(['width:10', 'resize:contain']);
    expect(describeTransform({ height: 10, resize: 'fill' })).toEqual(['height:10', 'resizing_type:force']);
    expect(parseTransformString('height:200,width:200,resize:undefined,quality:60')).toEqual({ height: 200, width: 200, quality: 60 });
    expect(() => transformOptions(Fields.query(new URL('http://x/?quality=5')))).toThrow('querystring/quality must be >= 20');
    expect(() => transformOptions(Fields.query(new URL('http://x/?resize=crop')))).toThrow('querystring/resize must be equal to one of the allowed values');
  });

  it('serves ranges as the storage server does, 416 for one it cannot', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    for (const range of ['bytes=100-', 'bytes=9-1', 'items=0-1', 'bytes=-', 'bytes=-0']) expect(() => parseRange(range, 100), range).toThrow(expect.objectContaining({ status: 416 }));
  });

  it('sends an object with its type (HTML as plain text), ETag, caching and download name', () => {
    const headers = assetHeaders({ mimetype: 'text/html', eTag: '"e"', cacheControl: 'max-age=60', lastModified: '2026-01-02T03:04:05Z' }, { download: 'a b.html' });
    expect(headers).toMatchObject({ 'Content-Type': 'text/plain', ETag: '"e"', 'Cache-Control': 'max-age=60', 'Last-Modified': 'Fri, 02 Jan 2026 03:04:05 GMT', 'X-Robots-Tag': 'none' });
    expect(headers['Content-Disposition']).toBe("attachment; filename=a%20b.html; filename*=UTF-8''a%20b.html");
    expect(assetHeaders({}, { download: '', expires: 'then' })).toMatchObject({ 'Content-Disposition': 'attachment;', Expires: 'then', 'Content-Type': 'application/octet-stream' });
  });

  it('tells images by their bytes, and picks the type of a seeded file as the CLI does', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('image/svg+xml');
    expect(sniffImage(Buffer.from('hello'))).toBeNull();
    expect(bytesFitType('image/png', Buffer.from('hello'))).toBe(false);
    expect(bytesFitType('image/png', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(bytesFitType('text/plain', PNG)).toBe(true);
    expect(contentTypeOfFile('logo.bin', PNG)).toBe('image/png');
    expect(contentTypeOfFile('notes.md', Buffer.from('# hi'))).toBe('text/markdown; charset=utf-8');
    expect(contentTypeOfFile('data', Buffer.from([0, 1, 2]))).toBe('application/octet-stream');
  });
});
