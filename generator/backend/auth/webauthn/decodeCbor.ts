/** A decoded CBOR item: maps come back as Map (WebAuthn's keys are integers as often as strings). */
export type CborValue = number | bigint | string | Uint8Array | boolean | null | undefined | CborValue[] | Map<CborValue, CborValue>;

/**
 * Pure: the first CBOR item of `bytes` (RFC 8949) and how many bytes it took, as WebAuthn needs it:
 * integers, byte and text strings, arrays, maps, tags (read through), simple values and floats.
 * Indefinite lengths are refused, as CTAP2's canonical encoding never uses them. Throws on anything
 * truncated or malformed.
 */
export function decodeCbor(bytes: Uint8Array, offset = 0): { value: CborValue; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = offset;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new Error('CBOR data ends early');
  };
  const argument = (info: number): number | bigint => {
    if (info < 24) return info;
    const size = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new Error(info === 31 ? 'indefinite-length CBOR is not supported' : `CBOR additional information ${info} is reserved`);
    need(size);
    const value = size === 1 ? view.getUint8(at) : size === 2 ? view.getUint16(at) : size === 4 ? view.getUint32(at) : view.getBigUint64(at);
    at += size;
    return typeof value === 'bigint' && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  };
  const length = (info: number) => {
    const n = argument(info);
    if (typeof n === 'bigint') throw new Error('CBOR length too large');
    return n;
  };
  const item = (depth: number): CborValue => {
    if (depth > 64) throw new Error('CBOR nested too deeply');
    need(1);
    const initial = bytes[at++];
    const major = initial >> 5;
    const info = initial & 31;
    switch (major) {
      case 0:
        return argument(info);
      case 1: {
        const n = argument(info);
        return typeof n === 'bigint' ? -1n - n : -1 - n;
      }
      case 2:
      case 3: {
        const n = length(info);
        need(n);
        const chunk = bytes.slice(at, at + n);
        at += n;
        return major === 2 ? chunk : new TextDecoder('utf-8', { fatal: true }).decode(chunk);
      }
      case 4:
        return Array.from({ length: length(info) }, () => item(depth + 1));
      case 5: {
        const map = new Map<CborValue, CborValue>();
        for (let n = length(info); n > 0; n--) {
          const key = item(depth + 1);
          map.set(key, item(depth + 1));
        }
        return map;
      }
      case 6:
        argument(info);
        return item(depth + 1);
      default:
        return simple(info);
    }
  };
  const simple = (info: number): CborValue => {
    if (info === 20) return false;
    if (info === 21) return true;
    if (info === 22) return null;
    if (info === 23) return undefined;
    const size = info === 25 ? 2 : info === 26 ? 4 : info === 27 ? 8 : 0;
    if (size === 0) throw new Error(`CBOR simple value ${info} is not supported`);
    need(size);
    const value = size === 2 ? halfFloat(view.getUint16(at)) : size === 4 ? view.getFloat32(at) : view.getFloat64(at);
    at += size;
    return value;
  };
  const value = item(0);
  return { value, end: at };
}

function halfFloat(half: number): number {
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  const sign = half & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}
