/** The differential test (differentialSuite.ts) on tests/fixtures/blog-site as it is. */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('blog-site', 'as it is', fileURLToPath(import.meta.url));
