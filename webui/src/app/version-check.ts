// On navigation, compare /server-version.json with the client version (7.9); a greater server
// version reloads the page. Skipped in development; failures are only logged.
import { clientVersion, isDevelopment } from '../lib/env';
import { compareVersions } from '../lib/version';

export async function checkServerVersion(
  reload: () => void = () => window.location.reload(),
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (isDevelopment) return;
  try {
    const response = await fetchImpl('/server-version.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`server-version.json: HTTP ${response.status}`);
    const { version } = (await response.json()) as { version?: unknown };
    if (typeof version !== 'string') throw new Error('server-version.json: no version');
    if (compareVersions(version, clientVersion) > 0) reload();
  } catch (error) {
    console.warn('version check failed', error);
  }
}
