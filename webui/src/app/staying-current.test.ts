import { describe, expect, it, vi } from 'vitest';
import { compareVersions } from '../lib/version';
import { apiError } from '../test/api-mock';
import { answerProblem } from '../test/contract';
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadOnceForChunk, shouldReloadForChunk } from './chunk-reload';
import { checkServerVersion } from './version-check';

const chunkError = () => Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
// A fetch answering GET /server-version.json as the contract allows (checked when made).
function versionFetch(body: unknown, status = 200) {
  const problem = answerProblem('GET', '/server-version.json', status, body);
  if (problem) throw new Error(problem);
  return vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
}

describe('version check', () => {
  it('compares dotted versions numerically', () => {
    expect(compareVersions('7.10', '7.9')).toBe(1);
    expect(compareVersions('7.9', '7.9')).toBe(0);
    expect(compareVersions('7.8.9', '7.9')).toBe(-1);
    expect(compareVersions('8', '7.9')).toBe(1);
  });

  it('reloads when the server is newer than 7.9', async () => {
    const reload = vi.fn();
    await checkServerVersion(reload, versionFetch({ version: '7.10' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing for the same or an older version', async () => {
    const reload = vi.fn();
    await checkServerVersion(reload, versionFetch({ version: '7.9' }));
    await checkServerVersion(reload, versionFetch({ version: '7.1' }));
    expect(reload).not.toHaveBeenCalled();
  });

  it('only logs failures', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.fn();
    await checkServerVersion(reload, versionFetch(apiError(400), 400));
    await checkServerVersion(reload, vi.fn(async () => Promise.reject(new Error('offline'))) as never);
    expect(reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('chunk-load failure', () => {
  it('recognises webpack chunk errors only', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('allows one reload per 60 seconds', () => {
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk(1000, 1000 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(shouldReloadForChunk(1000, 1000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
  });

  it('reloads once, then lets the error through', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.fn();
    expect(reloadOnceForChunk(chunkError(), reload)).toBe(true);
    expect(reloadOnceForChunk(chunkError(), reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForChunk(new Error('other'), reload)).toBe(false);
  });
});
