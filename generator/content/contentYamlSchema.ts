/**
 * The YAML schema content is read with (front matter, .yaml entries, and the editor's reads):
 * js-yaml's default schema without implicit timestamps, so an unquoted 2025-10-24 reads as the
 * text the author wrote and is validated as that text, never as the Date YAML would make of it
 * (2025-02-30 would roll over to March 2; a date-time would shift its day). `!!timestamp` still
 * works when written explicitly.
 */
import yaml from 'js-yaml';

// js-yaml 4 exports its built-in types, which its type declarations leave out.
const { types } = yaml as unknown as { types: Record<'merge' | 'timestamp' | 'binary' | 'omap' | 'pairs' | 'set', yaml.Type> };

export const contentYamlSchema = yaml.CORE_SCHEMA.extend({
  implicit: [types.merge],
  explicit: [types.timestamp, types.binary, types.omap, types.pairs, types.set],
});
