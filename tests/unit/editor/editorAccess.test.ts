import { describe, expect, it } from 'vitest';
import { editorAccess, EDITOR_PREFIX } from '../../../generator/editor/editorAccess.ts';

const token = 'secret-token-123';
const port = 4321;
const ok = { pathname: `${EDITOR_PREFIX}${token}/api/site`, host: `127.0.0.1:${port}` };

describe('editorAccess', () => {
  it('lets this server\'s own page in, with the path after the token', () => {
    expect(editorAccess(ok, token, port)).toEqual({ ok: true, rest: 'api/site' });
    expect(editorAccess({ ...ok, pathname: `${EDITOR_PREFIX}${token}/`, host: `localhost:${port}` }, token, port)).toEqual({ ok: true, rest: '' });
    expect(editorAccess({ ...ok, origin: `http://127.0.0.1:${port}`, secFetchSite: 'same-origin' }, token, port).ok).toBe(true);
    expect(editorAccess({ ...ok, secFetchSite: 'none' }, token, port).ok).toBe(true);
  });

  it('answers 404 to a wrong or missing token', () => {
    expect(editorAccess({ ...ok, pathname: `${EDITOR_PREFIX}wrong-token-1234/api/site` }, token, port)).toMatchObject({ ok: false, status: 404 });
    expect(editorAccess({ ...ok, pathname: `${EDITOR_PREFIX}api/site` }, token, port)).toMatchObject({ ok: false, status: 404 });
    expect(editorAccess({ ...ok, pathname: `${EDITOR_PREFIX}${token}` }, token, port)).toMatchObject({ ok: false, status: 404 });
    expect(editorAccess({ ...ok, pathname: EDITOR_PREFIX }, token, port)).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses another origin and cross-site requests (403)', () => {
    expect(editorAccess({ ...ok, origin: 'http://evil.example' }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, origin: `http://127.0.0.1:${port + 1}` }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, origin: 'null' }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, secFetchSite: 'cross-site' }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, secFetchSite: 'same-site' }, token, port)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a Host other than this server (DNS rebinding), before the token is looked at', () => {
    expect(editorAccess({ ...ok, host: `evil.example:${port}` }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, host: '127.0.0.1:80' }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, host: undefined }, token, port)).toMatchObject({ ok: false, status: 403 });
    expect(editorAccess({ ...ok, host: 'evil.example', pathname: `${EDITOR_PREFIX}x/` }, token, port)).toMatchObject({ ok: false, status: 403 });
  });
});
