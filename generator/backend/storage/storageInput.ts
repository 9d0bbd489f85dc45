import { parseJsonBytes } from '../readJsonBody.ts';
import { bodyChunks } from './receiveUpload.ts';
import { StorageError, storageErrors } from './StorageError.ts';

/** Largest JSON body a storage route reads (the storage server's framework limit). */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * A storage route's JSON body: refused with 400 when it is not JSON (or not
 * UTF-8, or nested too deep), 413 past 1 MiB; an empty body is `{}`.
 */
export async function readStorageJson(request: Request): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(request)) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw new StorageError(413, 'EntityTooLarge', 'Request body is too large', { error: 'Payload Too Large', status: 413 });
    chunks.push(chunk);
  }
  const parsed = parseJsonBytes(Buffer.concat(chunks));
  if (!parsed.ok) throw storageErrors.validation(`Body is not valid JSON: ${parsed.reason}`);
  return parsed.empty ? {} : parsed.value;
}

type Source = 'body' | 'querystring';

/**
 * Fields of a body or query string checked as the storage server's schemas
 * check them (ajv, coercing "10" to 10 and "true" to true), with its wording:
 * `body must have required property 'name'`, `querystring/limit must be >= 1`.
 */
export class Fields {
  private readonly values: Record<string, unknown>;

  constructor(
    input: unknown,
    private readonly source: Source,
  ) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw storageErrors.validation(`${source} must be object`);
    this.values = input as Record<string, unknown>;
  }

  static query(url: URL): Fields {
    return new Fields(Object.fromEntries(url.searchParams), 'querystring');
  }

  has(name: string): boolean {
    return this.values[name] !== undefined;
  }

  private fail(name: string, problem: string): never {
    throw storageErrors.validation(`${this.source}/${name} ${problem}`);
  }

  private present(name: string, required: boolean): unknown {
    const value = this.values[name];
    if (value === undefined && required) throw storageErrors.validation(`${this.source} must have required property '${name}'`);
    return value;
  }

  string(name: string, required = false): string | undefined {
    const value = this.present(name, required);
    if (value === undefined) return undefined;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string') this.fail(name, 'must be string');
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], required = false): T | undefined {
    const value = this.string(name, required);
    if (value !== undefined && !allowed.includes(value as T)) this.fail(name, 'must be equal to one of the allowed values');
    return value as T | undefined;
  }

  integer(name: string, options: { min?: number; max?: number; required?: boolean } = {}): number | undefined {
    const raw = this.present(name, options.required ?? false);
    if (raw === undefined) return undefined;
    const value = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) this.fail(name, 'must be integer');
    if (options.min !== undefined && value < options.min) this.fail(name, `must be >= ${options.min}`);
    if (options.max !== undefined && value > options.max) this.fail(name, `must be <= ${options.max}`);
    return value;
  }

  boolean(name: string): boolean | undefined {
    const value = this.values[name];
    if (value === undefined) return undefined;
    if (value === 'true' || value === 'false') return value === 'true';
    if (typeof value !== 'boolean') this.fail(name, 'must be boolean');
    return value;
  }

  /** An array of strings, or null when `nullable`. */
  strings(name: string, options: { required?: boolean; nullable?: boolean; min?: number } = {}): string[] | null | undefined {
    const value = this.present(name, options.required ?? false);
    if (value === undefined) return undefined;
    if (value === null && options.nullable) return null;
    if (!Array.isArray(value)) this.fail(name, 'must be array');
    value.forEach((item, i) => typeof item !== 'string' && this.fail(`${name}/${i}`, 'must be string'));
    if (options.min !== undefined && value.length < options.min) this.fail(name, `must NOT have fewer than ${options.min} items`);
    return value as string[];
  }

  /** A nested object's fields. */
  object(name: string): Fields | undefined {
    const value = this.values[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(name, 'must be object');
    return new Fields(value, `${this.source}/${name}` as Source);
  }

  /** A value that is an integer or a size string ("20mb"), or null. */
  sizeOrNull(name: string): number | string | null | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return value as null | undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string') return value;
    this.fail(name, 'must be integer,string');
  }
}
