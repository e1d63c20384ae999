import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { errorEntry } from '../components/error-catalogue';
import { ErrorView } from '../components/route-error-page';
import { errorStatus as statusOf } from '../lib/api-client';
import { displayName } from '../lib/display-name';
import { clearErrorPage, errorPageStore, showErrorPage } from '../lib/feedback';
import { hasEventBadge, navigationTitle } from '../lib/roles';
import { useStore } from '../lib/store';
import { useMe } from '../features/accounts/api/get-me';
import { useSettingsDialog } from '../features/accounts/use-settings-dialog';
import { logout } from '../features/auth/logout';
import { useUnreadEventCount } from '../features/events/api/get-unread-count';
import { useMilestoneCheck } from '../features/milestones/use-milestone-check';
import { navItems } from '../features/navigation/nav-items';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { useNotificationChannel } from '../features/notifications/use-notification-channel';
import { SideDrawer } from '../features/navigation/components/side-drawer';
import { TopBar } from '../features/navigation/components/top-bar';
import { useMobileMenu } from '../features/navigation/use-mobile-menu';
import { SiteFooter } from '../features/site/components/site-footer';
import './frame.css';

// MUI parts load on first use, so the frame paints without MUI or emotion.
const MobileDrawer = lazy(
  () => import(/* webpackChunkName: "mobile-drawer" */ '../features/navigation/components/mobile-drawer'),
);
const SettingsDialog = lazy(
  () => import(/* webpackChunkName: "settings-dialog" */ '../features/accounts/components/settings-dialog'),
);
const ShareDialog = lazy(
  () => import(/* webpackChunkName: "share-dialog" */ '../features/milestones/components/share-dialog'),
);

// The logged-in frame: top bar (with the notification bell; the frame holds the one
// NotificationChannel subscription), side drawer / hamburger menu, footer, settings and share dialogs.
// The content layouts (dashboard, student, review, event-form, default) nest inside its Outlet.
export function Component() {
  const { data: account } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const errorStatus = useStore(errorPageStore);
  const menu = useMobileMenu();
  const [menuUsed, setMenuUsed] = useState(false);
  const settings = useSettingsDialog();
  const milestone = useMilestoneCheck(account?.role === 'student');
  const unreadEvents = useUnreadEventCount(account ? hasEventBadge(account) : false);
  useNotificationChannel(Boolean(account));

  useEffect(() => {
    if (unreadEvents.error) showErrorPage(statusOf(unreadEvents.error));
  }, [unreadEvents.error]);

  useEffect(() => clearErrorPage(), [pathname]);
  if (menu.open && !menuUsed) setMenuUsed(true);
  if (!account) return null;

  const list = {
    items: navItems(account),
    badges: { events: unreadEvents.data?.unread_count ?? 0 },
    onSettings: () => {
      menu.closeMenu();
      settings.openSettings();
    },
    onLogout: () => void logout(queryClient, () => navigate('/login')),
  };
  return (
    <div className="frame">
      <TopBar
        title={navigationTitle(account.role)}
        nickname={displayName(account)}
        imageUrl={account.image_url}
        onMenu={menu.openMenu}
        menuOpen={menu.open}
        actions={<NotificationBell />}
      />
      <SideDrawer {...list} />
      <div className="frame__body">
        <main className="frame__main">
          {errorStatus !== null ? <ErrorView entry={errorEntry(errorStatus)} /> : <Outlet />}
        </main>
        <SiteFooter />
      </div>
      <Suspense fallback={null}>
        {menuUsed && <MobileDrawer {...list} open={menu.open} onClose={menu.closeMenu} />}
        {milestone.milestone && <ShareDialog milestoneType={milestone.milestone} onClose={milestone.close} />}
        {settings.open && (
          <SettingsDialog
            open={settings.open}
            prefill={settings.prefill}
            onClose={settings.closeSettings}
            initialTab={settings.tab}
          />
        )}
      </Suspense>
    </div>
  );
}
