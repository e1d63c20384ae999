import { lazy, Suspense, useState } from 'react';
import { confirmationStore } from '../lib/feedback';
import { useStore } from '../lib/store';

// MUI's Dialog is loaded the first time a confirmation is asked (keeps /login light).
const ConfirmationDialog = lazy(() => import(/* webpackChunkName: "confirmation" */ './confirmation-dialog'));

export function ConfirmationHost() {
  const open = useStore(confirmationStore);
  const [used, setUsed] = useState(open !== null);
  if (open !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmationDialog />
    </Suspense>
  );
}
