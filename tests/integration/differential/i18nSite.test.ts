/** The differential test (differentialSuite.ts) on tests/fixtures/i18n-site as it is. */
import { fileURLToPath } from 'node:url';
import { differentialSuite } from './differentialSuite.ts';

differentialSuite('i18n-site', 'as it is', fileURLToPath(import.meta.url));
