/** The differential test (differentialSuite.ts) on tests/fixtures/docs-site as it is. */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('docs-site', 'as it is', fileURLToPath(import.meta.url));
