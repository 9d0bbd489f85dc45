/** The differential test (differentialSuite.ts) on a seeded case of tests/fixtures/components-site (planCase.ts). */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('components-site', [2], fileURLToPath(import.meta.url));
