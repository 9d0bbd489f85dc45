/** The schema.org vocabulary the JSON-LD check knows is the one the installed schema-dts declares. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaOrgTypes } from '../../../generator/checks/schemaOrgTypes.ts';
import { expectedSchemaOrgTypes, schemaDtsTypes, schemaOrgTypesFile } from '../../../scripts/schemaOrgTypes.ts';

describe('schemaOrgTypes', () => {
  it('is generated from the installed schema-dts (else: npx tsx scripts/schemaOrgTypes.ts)', () => {
    expect(readFileSync(schemaOrgTypesFile, 'utf8')).toBe(expectedSchemaOrgTypes());
    expect([...schemaOrgTypes]).toEqual(schemaDtsTypes());
    for (const type of ['Thing', 'Event', 'BreadcrumbList', 'TechArticle', 'WebSite']) expect(schemaOrgTypes.has(type), type).toBe(true);
  });
});
