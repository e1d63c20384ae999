// A failed script-chunk load (usually a deploy replaced the hashed files) reloads the page once,
// at most once per 60 seconds; otherwise the error surfaces as the error page.
const KEY = 'camp.chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed/i.test(error.message);
}

export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

function lastReload(): number | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? Number(raw) : null;
  } catch {
    return null;
  }
}

export function reloadOnceForChunk(error: unknown, reload = () => window.location.reload()): boolean {
  if (!isChunkLoadError(error)) return false;
  const now = Date.now();
  if (!shouldReloadForChunk(lastReload(), now)) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    // without storage we still reload once for this page
  }
  console.warn('chunk load failed; reloading', error);
  reload();
  return true;
}

// Wraps a dynamic import for react-router's `lazy`.
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadOnceForChunk(error)) return new Promise<T>(() => {});
      throw error;
    });
}
