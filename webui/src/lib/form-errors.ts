// A 422's `fields` (server field name → messages) put back on react-hook-form fields, so the
// message shows under the field instead of a full-page error.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Sets each 422 field message on its form field (`fieldMap` names the form field of each
 * server field; unknown server fields go to `fallback` when given). True when at least one
 * message was placed: the caller then shows nothing else.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: Readonly<Record<string, Path<T>>>,
  fallback?: Path<T>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 422) return false;
  let placed = false;
  for (const [serverField, list] of Object.entries(error.fields)) {
    const field = fieldMap[serverField] ?? fallback;
    if (!field) continue;
    setError(field, { type: 'server', message: list[0] ?? error.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
