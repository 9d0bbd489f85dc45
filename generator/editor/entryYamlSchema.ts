/**
 * The YAML schema the editor reads entries with: js-yaml's default schema without implicit
 * timestamps, so an unquoted 2025-10-24 reads as the text the author wrote (the engine
 * validates that text too, not the Date YAML would make of it). `!!timestamp` still works
 * when written explicitly.
 */
import yaml from 'js-yaml';

// js-yaml 4 exports its built-in types, which its type declarations leave out.
const { types } = yaml as unknown as { types: Record<'merge' | 'timestamp' | 'binary' | 'omap' | 'pairs' | 'set', yaml.Type> };

export const entryYamlSchema = yaml.CORE_SCHEMA.extend({
  implicit: [types.merge],
  explicit: [types.timestamp, types.binary, types.omap, types.pairs, types.set],
});
