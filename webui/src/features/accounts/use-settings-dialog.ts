import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorStatus } from '../../lib/api-client';
import { showErrorPage, withLoading } from '../../lib/feedback';
import { meQueryOptions } from './api/get-me';
import { parseAccountParam, type AccountPrefill } from './account-param';

// The dialog opens after the current account has been fetched. A JSON `account` query
// parameter opens it prefilled; `settings=my_data` (the "data ready" notification's link) opens
// it on データのダウンロード.
export function useSettingsDialog() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const rawParam = searchParams.get('account');
  const tabParam = searchParams.get('settings');
  const [tab, setTab] = useState<'profile' | 'my_data'>('profile');
  const [open, setOpen] = useState(false);
  const [prefill, setPrefill] = useState<AccountPrefill | null>(null);

  const openWith = useCallback(
    async (values: AccountPrefill | null, on: 'profile' | 'my_data' = 'profile') => {
      try {
        await withLoading(() => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }));
        setPrefill(values);
        setTab(on);
        setOpen(true);
      } catch (error) {
        showErrorPage(errorStatus(error));
      }
    },
    [queryClient],
  );

  useEffect(() => {
    const values = parseAccountParam(rawParam);
    if (values) void openWith(values);
  }, [rawParam, openWith]);

  useEffect(() => {
    if (tabParam === 'my_data') void openWith(null, 'my_data');
  }, [tabParam, openWith]);

  return {
    open,
    prefill,
    tab,
    openSettings: useCallback(() => void openWith(null), [openWith]),
    closeSettings: useCallback(() => setOpen(false), []),
  };
}
