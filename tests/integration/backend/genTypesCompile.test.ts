/**
 * The committed widgets/lib/database.types.ts with the real supabase-js
 * types: a right call type-checks, a wrong table, column or value does not.
 * The TypeScript compiler runs on a small file held in memory, with the
 * widgets' compiler options.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const file = path.join(root, 'widgets', 'lib', '__typedClient.ts');

const USE = `
import { createClient } from '@supabase/supabase-js';
import type { Database, Enums, Tables, TablesInsert } from './database.types.ts';

const supabase = createClient<__DB__>('http://127.0.0.1:54321', 'anon-key');

export async function right(): Promise<number> {
  await supabase.from('contact_submissions').insert({ name: 'Ada', email: 'ada@example.com', message: 'Hi', company: null });
  await supabase.from('waitlist').insert({ name: 'Ada', email: 'ada@example.com', favorite_part: 'x', desired_features: 'y' });
  const { data } = await supabase.from('waitlist_stats').select('total').single();
  const { data: rows } = await supabase.from('contact_submissions').select('*').order('created_at', { ascending: false });
  const first: Tables<'contact_submissions'> | undefined = rows?.[0];
  const company: string | null | undefined = first?.company;
  const role: Enums<'app_role'> = 'admin';
  const insert: TablesInsert<'user_roles'> = { user_id: 'u', role };
  const { data: count } = await supabase.rpc('waitlist_count');
  return (data?.total ?? 0) + (count ?? 0) + (company ? 1 : 0) + (insert.role ? 1 : 0);
}

export async function wrong(): Promise<void> {
  // @ts-expect-error a column the table does not have
  await supabase.from('contact_submissions').insert({ name: 'Ada', email: 'ada@example.com', message: 'Hi', phone: '1' });
  // @ts-expect-error message is required
  await supabase.from('contact_submissions').insert({ name: 'Ada', email: 'ada@example.com' });
  // @ts-expect-error willing_to_give_feedback is a boolean
  await supabase.from('waitlist').insert({ name: 'A', email: 'a@b.co', favorite_part: 'x', desired_features: 'y', willing_to_give_feedback: 'yes' });
  // @ts-expect-error no such table
  await supabase.from('contact_submission').select('*');
  // @ts-expect-error no such function
  await supabase.rpc('waitlist_total');
  // @ts-expect-error an enum has only its labels
  const role: Enums<'app_role'> = 'owner';
  void role;
}
`;

/** Error messages of type-checking USE with `Database` as given, with the options of widgets/tsconfig.json. */
function typeCheck(database: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'widgets', 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('widgets/tsconfig.json could not be read');
  const source = USE.replace('__DB__', database);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = ((exists) => (name: string) => name === file || exists(name))(host.fileExists.bind(host));
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const program = ts.createProgram({ rootNames: [file], options: config.options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('database.types.ts with supabase-js', () => {
  it('type-checks the right calls and refuses each wrong one', () => {
    expect(typeCheck('Database')).toEqual([]);
  }, 60_000);

  it('refuses nothing without the types (so each @ts-expect-error above is the types at work)', () => {
    const errors = typeCheck('any');
    // The five client calls (the enum's line does not depend on the client).
    expect(errors.filter((e) => e.includes("Unused '@ts-expect-error' directive"))).toHaveLength(5);
  }, 60_000);
});
