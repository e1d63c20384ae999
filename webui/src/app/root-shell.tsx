import { Outlet } from 'react-router';
import { LoadingBar, LoadingBarView, LoadingOverlay } from '../components/loading-indicators';
import { ConfirmationHost } from '../components/confirmation-host';
import { SnackbarHost } from '../components/snackbar-host';

// The root route: loading bar and overlay, snackbar, confirmation dialog; every page renders in the Outlet. MUI's
// theme is applied by the lazily loaded layouts (components/app-theme.tsx).
export function RootShell() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <LoadingOverlay />
      <SnackbarHost />
      <ConfirmationHost />
    </>
  );
}

// Shown before the first route's loaders and code have arrived.
export function InitialLoading() {
  return <LoadingBarView />;
}
