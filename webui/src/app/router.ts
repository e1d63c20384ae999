import { createBrowserRouter } from 'react-router';
import { trackPageView } from '../features/analytics/page-view';
import { routes } from './routes';
import { checkServerVersion } from './version-check';

export const router = createBrowserRouter(routes);

// After each completed navigation: version check (not in development) and a page view.
let lastPath = router.state.location.pathname;
trackPageView(lastPath);
router.subscribe((state) => {
  if (state.navigation.state !== 'idle') return;
  const path = state.location.pathname;
  if (path === lastPath) return;
  lastPath = path;
  void checkServerVersion();
  trackPageView(path);
});
