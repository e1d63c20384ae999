import { lazy, Suspense, useState } from 'react';
import { snackbarStore } from '../lib/feedback';
import { useStore } from '../lib/store';

// MUI's Snackbar is loaded the first time a message appears (keeps /login light).
const AppSnackbar = lazy(() => import(/* webpackChunkName: "snackbar" */ './app-snackbar'));

export function SnackbarHost() {
  const state = useStore(snackbarStore);
  const [used, setUsed] = useState(state.isOpen);
  if (state.isOpen && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AppSnackbar />
    </Suspense>
  );
}
