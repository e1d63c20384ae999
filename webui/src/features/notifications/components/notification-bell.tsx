import { lazy, Suspense, useRef, useState } from 'react';
import { NotificationsIcon } from '../../../components/icons';
import { useNotificationUnreadCount } from '../api/get-unread-count';

// The menu needs MUI: it loads on the first click, so the top bar paints without it.
const NotificationMenu = lazy(() => import(/* webpackChunkName: "notification-menu" */ './notification-menu'));

/** What the badge says: the count, 99+ above 99. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

// The bell of the top bar (plain, like the rest of the bar): the unread count as a badge; a
// click opens the latest notifications.
export function NotificationBell() {
  const unread = useNotificationUnreadCount().data?.total ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const label = unread > 0 ? `通知（未読${unread}件）` : '通知';
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button notification-bell"
        aria-label={label}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        data-testid="notification-bell"
      >
        <NotificationsIcon />
        {unread > 0 && (
          <span className="notification-bell__badge" aria-hidden="true" data-testid="notification-badge">
            {badgeText(unread)}
          </span>
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <NotificationMenu anchor={button.current} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
