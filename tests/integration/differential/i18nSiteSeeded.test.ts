/** The differential test (differentialSuite.ts) on a seeded case of tests/fixtures/i18n-site (planCase.ts). */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('i18n-site', [2], fileURLToPath(import.meta.url));
