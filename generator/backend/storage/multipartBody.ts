/** A part of a multipart/form-data body, from its headers. */
export interface MultipartPart {
  name: string;
  /** Set for a file part (`filename="..."` in its Content-Disposition). */
  filename: string | null;
  contentType: string | null;
}

export interface MultipartHandlers {
  /** A text field, whole (at most `fieldBytes` of it). */
  field(name: string, value: string): void;
  /** A file part begins: return where its bytes go, or null to skip them. */
  file(part: MultipartPart): ((chunk: Uint8Array) => Promise<void>) | null;
}

/** Why a multipart body could not be read (the route answers 400). */
export class MultipartError extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

/** Pure: the boundary of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/** Pure: a part's name, filename and type from its header block. */
export function parsePartHeaders(block: string): MultipartPart {
  let disposition = '';
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError('a part has no form-data Content-Disposition');
  const params = new Map<string, string>();
  for (const m of disposition.matchAll(/;\s*([A-Za-z0-9_*-]+)=(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    params.set(m[1].toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3].trim());
  }
  return { name: params.get('name') ?? '', filename: params.has('filename') ? params.get('filename')! : null, contentType };
}

/**
 * Streams a multipart/form-data body: fields to `handlers.field`, each file
 * part's bytes to the sink `handlers.file` returns, without holding a file in
 * memory. Throws MultipartError on a body that is not one (no closing
 * boundary, headers over 16 KB, a field over `fieldBytes`).
 */
export async function readMultipart(body: AsyncIterable<Uint8Array>, boundary: string, handlers: MultipartHandlers, fieldBytes: number): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may start the body without its CRLF: pretend one came before.
  let buffer: Buffer = Buffer.from(CRLF);
  let state = 'preamble' as 'preamble' | 'headers' | 'body' | 'done';
  let sink: ((chunk: Uint8Array) => Promise<void>) | null = null;
  let field: { name: string; chunks: Buffer[]; size: number } | null = null;

  const emit = async (bytes: Buffer) => {
    if (bytes.length === 0) return;
    if (sink) await sink(bytes);
    else if (field) {
      field.size += bytes.length;
      if (field.size > fieldBytes) throw new MultipartError(`the field ${field.name} is over ${fieldBytes} bytes`);
      field.chunks.push(bytes);
    }
  };
  const endPart = () => {
    if (field) handlers.field(field.name, Buffer.concat(field.chunks).toString('utf8'));
    field = null;
    sink = null;
  };
  /** After a delimiter: "--" ends the body, CRLF starts a part; null when more bytes are needed. */
  const afterDelimiter = (): boolean | null => {
    if (buffer.length < 2) return null;
    const next = buffer.subarray(0, 2).toString('latin1');
    buffer = buffer.subarray(2);
    if (next === '--') return true;
    if (next === '\r\n') return false;
    throw new MultipartError('a boundary is followed by neither CRLF nor "--"');
  };

  const step = async (): Promise<boolean> => {
    if (state === 'preamble' || state === 'body') {
      const at = buffer.indexOf(delimiter);
      if (at < 0) {
        const keep = Math.min(buffer.length, delimiter.length - 1);
        if (state === 'body') await emit(buffer.subarray(0, buffer.length - keep));
        buffer = buffer.subarray(buffer.length - keep);
        return false;
      }
      if (state === 'body') await emit(buffer.subarray(0, at));
      if (state === 'body') endPart();
      const rest = buffer.subarray(at + delimiter.length);
      const saved = buffer;
      buffer = rest;
      const ended = afterDelimiter();
      if (ended === null) {
        buffer = saved.subarray(at);
        return false;
      }
      state = ended ? 'done' : 'headers';
      return state !== 'done';
    }
    if (state === 'headers') {
      const end = buffer.indexOf(HEADER_END);
      if (end < 0) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError('the headers of a part are over 16 KB');
        return false;
      }
      const part = parsePartHeaders(buffer.subarray(0, end).toString('utf8'));
      buffer = buffer.subarray(end + HEADER_END.length);
      sink = part.filename !== null ? handlers.file(part) : null;
      field = part.filename === null ? { name: part.name, chunks: [], size: 0 } : null;
      state = 'body';
      return true;
    }
    return false;
  };

  for await (const chunk of body) {
    if (state === 'done') continue; // the epilogue is ignored
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk);
    while (await step());
  }
  if (state !== 'done') throw new MultipartError('the body ends before its closing boundary');
}
