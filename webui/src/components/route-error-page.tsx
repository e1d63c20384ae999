import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api-client';
import { errorEntry, notFoundEntry, type ErrorEntry } from './error-catalogue';

const ErrorCard = lazy(() => import(/* webpackChunkName: "error-card" */ './error-card'));

export function entryForError(error: unknown): ErrorEntry {
  if (isRouteErrorResponse(error)) return errorEntry(error.status);
  if (error instanceof ApiError) return errorEntry(error.status);
  return errorEntry(500);
}

export function ErrorView({ entry }: { entry: ErrorEntry }) {
  return (
    <main className="error-page">
      <Suspense fallback={null}>
        <ErrorCard entry={entry} />
      </Suspense>
    </main>
  );
}

// errorElement of the router: guard refusals, invalid params, failed loaders, render errors.
export function RouteErrorPage() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorView entry={entryForError(error)} />;
}

// Unknown pages: 404 'This page could not be found'.
export function NotFoundPage() {
  return <ErrorView entry={notFoundEntry()} />;
}
