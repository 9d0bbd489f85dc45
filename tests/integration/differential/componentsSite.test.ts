/** The differential test (differentialSuite.ts) on tests/fixtures/components-site as it is. */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('components-site', 'as it is', fileURLToPath(import.meta.url));
