/** The backend fuzz (fuzzBackend.ts) on PGlite, the embedded backend's own database. */
import { fuzzBackend } from './fuzzBackend.ts';

fuzzBackend('PGlite');
