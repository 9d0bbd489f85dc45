import { describe, expect, it } from 'vitest';
import { resolveConfig, type ResolvedConfig } from '../../../generator/config.ts';
import { CONFIG_FIELDS, configKey, recordKey } from '../../../generator/stages/buildKey.ts';

/** A value of the same field that a build could be given instead. */
function another(name: keyof ResolvedConfig, config: ResolvedConfig): unknown {
  const value = config[name];
  if (name === 'backend') return { url: 'http://127.0.0.1:54321', anonKey: 'another-key' };
  if (name === 'siteUrl') return 'https://another.example';
  if (name === 'mode') return 'dev';
  if (typeof value === 'string') return `${value}-other`;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'function') return () => {};
  if (Array.isArray(value)) return [...value, 'CNAME'];
  return 1;
}

describe('the build key', () => {
  const config = resolveConfig('build', { root: '/tmp/a-site', backend: null });

  it('declares every field of the resolved config as shaping the output or as output-neutral', () => {
    expect(Object.keys(CONFIG_FIELDS).sort()).toEqual(Object.keys(config).sort());
  });

  it.each(Object.entries(CONFIG_FIELDS).filter(([, how]) => how === 'output').map(([name]) => name as keyof ResolvedConfig))(
    'changes when %s changes',
    (name) => {
      const changed = { ...config, [name]: another(name, config) } as ResolvedConfig;
      expect(configKey(changed)).not.toBe(configKey(config));
      expect(recordKey('generator', 'widgets', changed)).not.toBe(recordKey('generator', 'widgets', config));
    },
  );

  it.each(Object.entries(CONFIG_FIELDS).filter(([, how]) => how === 'neutral').map(([name]) => name as keyof ResolvedConfig))(
    'stays the same when %s changes (output-neutral)',
    (name) => {
      expect(configKey({ ...config, [name]: another(name, config) } as ResolvedConfig)).toBe(configKey(config));
    },
  );
});
