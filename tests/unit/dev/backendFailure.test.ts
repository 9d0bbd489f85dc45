import { describe, expect, it } from 'vitest';
import { BackendError } from '../../../generator/backend/BackendError.ts';
import { backendFailure } from '../../../generator/dev/backendFailure.ts';
import { formatSiteError } from '../../../generator/core/errors.ts';

describe('backendFailure', () => {
  it('turns a taken backend port into PortInUse naming --backend-port and the port', () => {
    const e = backendFailure(new BackendError('BackendPortInUse', 'Port 54321 on 127.0.0.1 is already in use.', 'pass another --port'), 54321)!;
    expect(formatSiteError(e)).toBe(
      'Port is already in use [PortInUse]\nAnother program is listening on 127.0.0.1:54321 (--backend-port).\nHint: Stop that program, or pass another port, for example --backend-port 54322.',
    );
  });

  it('keeps the code, message and hint of any other BackendError', () => {
    const e = backendFailure(new BackendError('DataDirInUse', 'The data dir .site/db is in use by process 7.', 'Stop process 7.'), 54321)!;
    expect(e.code).toBe('BackendFailed');
    expect(e.message).toBe('The data dir .site/db is in use by process 7. (DataDirInUse)');
    expect(e.hint).toBe('Stop process 7.');
  });

  it('is null for an error that is not a BackendError', () => {
    expect(backendFailure(new Error('boom'), 54321)).toBeNull();
  });
});
