// Starts the embedded backend of a site checkout, as `site backend --port P --data-dir D` does, with the
// project folder (supabase/) of one suite. Programmatic (startBackend.ts) so that nothing is written into
// the checkout (bin/site.js caches its bundle under <checkout>/.site/cache).
// Usage: tsx serve.ts <checkout> <projectDir> <dataDir> <infoFile>
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [checkout, projectDir, dataDir, infoFile] = process.argv.slice(2);
const mod = await import(pathToFileURL(path.join(path.resolve(checkout), 'generator/backend/startBackend.ts')).href);
const backend = await mod.startBackend({
  port: 0,
  dataDir: path.resolve(dataDir),
  supabaseDir: path.resolve(projectDir, 'supabase'),
  inboxPort: 0,
  log: (line: string) => process.stdout.write(line + '\n'),
});
writeFileSync(infoFile, JSON.stringify({ apiUrl: backend.apiUrl, inboxUrl: backend.inboxUrl, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey, port: backend.port }, null, 2));
process.stdout.write(`backend ready at ${backend.apiUrl}\n`);
const stop = async () => { await backend.close(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
