/** The backend fuzz (fuzzBackend.ts) on a PostgreSQL server (SITE_TEST_DATABASE_URL; skipped, saying why, without one). */
import { fuzzBackend } from './fuzzBackend.ts';

fuzzBackend('PostgreSQL');
