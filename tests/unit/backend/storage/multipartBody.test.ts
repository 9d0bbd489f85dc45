import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, parsePartHeaders, readMultipart } from '../../../../generator/backend/storage/multipartBody.ts';

/** A FormData as undici writes it on the wire: its bytes and Content-Type. */
async function wire(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const response = new Response(form);
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** The bytes in pieces of `size` (1: byte by byte). */
async function* pieces(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(bytes: Buffer, boundary: string, size: number) {
  const fields: Record<string, string> = {};
  const files: Array<{ name: string; filename: string | null; contentType: string | null; bytes: Buffer }> = [];
  await readMultipart(
    pieces(bytes, size),
    boundary,
    {
      field: (name, value) => void (fields[name] = value),
      file: (part) => {
        const file = { ...part, bytes: Buffer.alloc(0) };
        files.push(file);
        return async (chunk) => void (file.bytes = Buffer.concat([file.bytes, chunk]));
      },
    },
    1024,
  );
  return { fields, files };
}

describe('readMultipart', () => {
  it('reads the fields and the file of a FormData as supabase-js sends it, however the bytes are cut', async () => {
    const payload = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('metadata', JSON.stringify({ a: 'é' }));
    form.append('', new Blob([payload], { type: 'image/png' }), 'cat.png');
    const { bytes, contentType } = await wire(form);
    const boundary = multipartBoundary(contentType)!;
    for (const size of [1, 7, 70, 4096, bytes.length]) {
      const { fields, files } = await read(bytes, boundary, size);
      expect(fields).toEqual({ cacheControl: '3600', metadata: '{"a":"é"}' });
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({ name: '', filename: 'cat.png', contentType: 'image/png' });
      expect(files[0].bytes.equals(payload), `cut in pieces of ${size}`).toBe(true);
    }
  });

  it('keeps bytes that look like the boundary but are not one', async () => {
    const form = new FormData();
    const tricky = '\r\n--not-the-boundary\r\n--';
    form.append('file', new Blob([tricky]), 'x.txt');
    const { bytes, contentType } = await wire(form);
    const { files } = await read(bytes, multipartBoundary(contentType)!, 3);
    expect(files[0].bytes.toString()).toBe(tricky);
  });

  it('refuses a body without its closing boundary, an oversized field and part headers without a disposition', async () => {
    const form = new FormData();
    form.append('big', 'x'.repeat(2000));
    const { bytes, contentType } = await wire(form);
    const boundary = multipartBoundary(contentType)!;
    await expect(read(bytes, boundary, 100)).rejects.toThrow(MultipartError);
    await expect(read(bytes.subarray(0, 50), boundary, 10)).rejects.toThrow('closing boundary');
    expect(() => parsePartHeaders('Content-Type: text/plain')).toThrow(MultipartError);
  });

  it('reads the boundary of a Content-Type, quoted or not, and only of multipart/form-data', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('text/plain; boundary=abc')).toBeNull();
    expect(parsePartHeaders('Content-Disposition: form-data; name="a\\"b"; filename="c.png"\r\nContent-Type: image/png')).toEqual({ name: 'a"b', filename: 'c.png', contentType: 'image/png' });
  });
});
