/** The differential test (differentialSuite.ts) on a seeded case of tests/fixtures/outside-site (planCase.ts). */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('outside-site', [5], fileURLToPath(import.meta.url));
