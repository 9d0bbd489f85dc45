// What a start does for Storage: [storage] enabled = false, config.toml's buckets checked, and the
// files a data dir holds without a row (left by a crash) removed before anything is served.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import { clientFor } from '../testClients.ts';
import { incomingFilesIn, objectFilesIn, storageProject } from './storageProject.ts';

describe('Storage at start', () => {
  const cleanup: Array<() => void> = [];
  afterAll(() => cleanup.forEach((c) => c()));

  it('answers every /storage/v1 route 404 with [storage] enabled = false', { timeout: 180_000 }, async () => {
    const project = storageProject('[storage]\nenabled = false\n[storage.buckets.kept]\npublic = true\n');
    cleanup.push(project.remove);
    const backend = await startTestBackend({ supabaseDir: project.supabaseDir });
    try {
      const response = await fetch(`${backend.apiUrl}/storage/v1/bucket`, { headers: { authorization: `Bearer ${backend.serviceRoleKey}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET:/bucket not found' });
      expect((await backend.db.query('select id from storage.buckets')).rows).toEqual([]);
    } finally {
      await backend.close();
    }
  });

  it("refuses a bucket of config.toml whose limit is over [storage] file_size_limit, naming it", { timeout: 180_000 }, async () => {
    const project = storageProject('[storage]\nfile_size_limit = "1MiB"\n[storage.buckets.big]\nfile_size_limit = "2MiB"\n');
    cleanup.push(project.remove);
    await expect(startTestBackend({ supabaseDir: project.supabaseDir })).rejects.toMatchObject({
      code: 'BackendConfigInvalid',
      message: '[storage.buckets.big] file_size_limit is over [storage] file_size_limit.',
    });
  });

  it('removes the files no row names, and half-received ones, before serving; keeps the others', { timeout: 180_000 }, async () => {
    const project = storageProject('[storage.buckets.files]\npublic = true\n');
    cleanup.push(project.remove);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-storage-start-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let backend = await startTestBackend({ supabaseDir: project.supabaseDir, dataDir });
    const service = clientFor(backend, backend.serviceRoleKey);
    await service.storage.from('files').upload('kept.txt', 'kept', { contentType: 'text/plain' });
    const kept = objectFilesIn(dataDir);
    await backend.close();
    const orphan = '00000000-0000-4000-8000-000000000000';
    writeFileSync(path.join(dataDir, 'storage', 'objects', orphan), 'no row names me');
    mkdirSync(path.join(dataDir, 'storage', 'tmp'), { recursive: true });
    writeFileSync(path.join(dataDir, 'storage', 'tmp', 'half.part'), 'half');
    expect(objectFilesIn(dataDir)).toEqual([...kept, orphan].sort());
    backend = await startTestBackend({ supabaseDir: project.supabaseDir, dataDir });
    try {
      expect(objectFilesIn(dataDir)).toEqual(kept);
      expect(incomingFilesIn(dataDir)).toEqual([]);
      const response = await fetch(clientFor(backend).storage.from('files').getPublicUrl('kept.txt').data.publicUrl);
      expect(await response.text()).toBe('kept');
    } finally {
      await backend.close();
    }
  });
});
