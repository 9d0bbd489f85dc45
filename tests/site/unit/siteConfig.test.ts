/** This site's site.config.ts is a config the engine accepts as it is. */
import { describe, expect, it } from 'vitest';
import { checkDefinition } from '../../../generator/site/checkDefinition.ts';
import site from '../../../site.config.ts';

describe("this site's config", () => {
  it("passes the engine's definition check, keeping its collections and templates", () => {
    expect(checkDefinition(site, 'site.config.ts')).toMatchObject({ collections: site.collections, templates: site.templates });
  });
});
