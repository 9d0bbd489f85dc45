/** The differential test (differentialSuite.ts) on a seeded case of tests/fixtures/blog-site (planCase.ts). */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('blog-site', [29], fileURLToPath(import.meta.url));
