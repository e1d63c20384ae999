import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { queryClient } from '../app/query-client';
import { reloadEventDraft } from '../features/events/event-draft';
import { forgetOpenDrafts } from '../features/questionnaires/questionnaire-draft';
import { confirmationStore, errorPageStore, loadingStore, snackbarStore } from '../lib/feedback';
import { contractViolations } from './contract-violations';

// The browser's zone is not the school's: every date the app shows must still be Tokyo's
// (lib/dates.ts). Node applies a new TZ at once, to every Date made after this line.
process.env.TZ = 'America/New_York';

// Route pages load lazily: the first visit transforms a module, which takes seconds on a loaded
// two-core machine. findBy* waits up to 10 s for what a page shows (a wait, not a timing check).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  // Unmount first: a page still mounted re-renders when the stores below reset, and its queries
  // would fetch again into the emptied cache (the next test then met the last test's account).
  if (typeof document !== 'undefined') cleanup();
  // Test files share their worker's modules (vitest.config.ts): what the app keeps in module
  // state goes back to what a fresh page load has.
  queryClient.clear();
  forgetOpenDrafts();
  snackbarStore.set({ message: '', isOpen: false });
  loadingStore.set(0);
  errorPageStore.set(null);
  confirmationStore.set(null);
  if (typeof document === 'undefined') return; // a test in the node environment
  localStorage.clear();
  sessionStorage.clear();
  reloadEventDraft();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  const violations = contractViolations.splice(0);
  expect(violations, 'mocked answers that break daemon/openapi.yaml').toEqual([]);
});
