import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { DataExport } from '../../../lib/api-types';
import { fileNameOf } from '../../../lib/download';

export const dataExportsQueryKey = ['accounts', 'me', 'data_exports'] as const;

// The list is polled while a request is being built (the daemon's worker builds it).
export const POLL_MS = 3000;

export const useDataExports = () =>
  useQuery(
    queryOptions({
      queryKey: dataExportsQueryKey,
      queryFn: () => unwrap(api.GET('/api/v1/accounts/me/data_exports')),
      staleTime: 0,
      retry: false,
      refetchInterval: (query) =>
        query.state.data?.data.some((e: DataExport) => e.status === 'pending') ? POLL_MS : false,
    }),
  );

export const requestDataExport = () => unwrap(api.POST('/api/v1/accounts/me/data_exports'));

// The ZIP, fetched with the bearer token and then saved by the browser.
export async function downloadDataExport(id: number): Promise<{ blob: Blob; name: string }> {
  let disposition: string | null = null;
  const blob = await unwrap(
    api
      .GET('/api/v1/accounts/me/data_exports/{id}/download', { params: { path: { id } }, parseAs: 'blob' })
      .then((answer) => {
        disposition = answer.response.headers.get('Content-Disposition');
        return answer;
      }),
  );
  return { blob: blob as Blob, name: fileNameOf(disposition, `camp-data-${id}.zip`) };
}
