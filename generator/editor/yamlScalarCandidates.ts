/**
 * The texts that may stand for a new scalar value on a "key: value" line, best first: the
 * style the old value was written in (plain, 'single' or "double" quotes) when it still
 * holds the value, then double quotes, then js-yaml's choice. A plain scalar stays plain only
 * when it reads back as the same string both here and in the engine (so a string that looks
 * like a number, a boolean (YAML 1.1's yes/no/on/off too), null or a date, starts with an indicator, or holds ": " or " #"
 * gets quotes); an unquoted date replaced by another date stays unquoted, as the engine reads
 * both as the text written. The caller still checks each candidate by reading it back. Pure.
 */
import yaml from 'js-yaml';
import { contentYamlSchema } from '../content/contentYamlSchema.ts';
import { dumpOptions, type YamlStyle } from './yamlStyle.ts';

export function yamlScalarCandidates(value: unknown, oldText: string, style: YamlStyle): string[] {
  const dumped = yaml.dump(value, { ...dumpOptions(style), flowLevel: 0 }).replace(/\n$/, '');
  if (typeof value !== 'string') return [dumped];
  const candidates: string[] = [];
  const quote = oldText[0];
  if (quote === "'" && !/[\n\r]/.test(value)) candidates.push(`'${value.replace(/'/g, "''")}'`);
  if (quote !== '"' && quote !== "'" && plainHolds(value, oldText)) candidates.push(value);
  candidates.push(JSON.stringify(value), dumped);
  return candidates;
}

const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** Booleans to YAML 1.1 readers (other tools an author may use), though strings to js-yaml 4. */
const YAML11_BOOLEAN = /^(y|n|yes|no|on|off)$/i;

function plainHolds(value: string, oldText: string): boolean {
  if (value === '' || value !== value.trim() || /[\n\r\t]/.test(value) || INDICATOR.test(value)) return false;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':') || YAML11_BOOLEAN.test(value)) return false;
  if (readPlain(value, contentYamlSchema) !== value) return false;
  const engine = readPlain(value, yaml.DEFAULT_SCHEMA);
  return engine === value || (engine instanceof Date && readPlain(oldText, yaml.DEFAULT_SCHEMA) instanceof Date);
}

function readPlain(text: string, schema: yaml.Schema): unknown {
  try {
    return (yaml.load(`k: ${text}`, { schema }) as { k: unknown }).k;
  } catch {
    return undefined;
  }
}
