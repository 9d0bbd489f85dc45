/** The differential test (differentialSuite.ts) on tests/fixtures/outside-site as it is. */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('outside-site', 'as it is', fileURLToPath(import.meta.url));
