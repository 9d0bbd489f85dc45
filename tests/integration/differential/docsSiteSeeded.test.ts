/** The differential test (differentialSuite.ts) on a seeded case of tests/fixtures/docs-site (planCase.ts). */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('docs-site', [3], fileURLToPath(import.meta.url));
