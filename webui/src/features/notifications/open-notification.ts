import { useNavigate } from 'react-router';
import type { AppNotification } from '../../lib/api-types';
import { isAppPath } from './categories';
import { useMarkRead } from './api/mark-read';

// Opening a notification marks it read (in the background: a failure only leaves it unread)
// and goes where it leads.
export function useOpenNotification() {
  const navigate = useNavigate();
  const { one } = useMarkRead();
  return (n: AppNotification) => {
    if (!n.read) one.mutate(n.id, { onError: (e) => console.warn('notification not marked read', e) });
    if (isAppPath(n.link)) void navigate(n.link);
  };
}
