/** The differential test (differentialSuite.ts) on a seeded case of tests/fixtures/image-site (planCase.ts). */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('image-site', [4], fileURLToPath(import.meta.url));
