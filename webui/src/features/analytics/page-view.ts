// Page views go to Google Analytics 4 only when a measurement id was built in
// (CAMP_GA_MEASUREMENT_ID) and the visitor has not opted out. Ids in paths are masked and the
// query string is never sent.
import { gaMeasurementId } from '../../lib/env';
import { analyticsAllowed } from './consent';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export function maskPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (/^[0-9]+$/.test(segment) || /^[A-Za-z0-9_-]{20,}$/.test(segment) ? ':id' : segment))
    .join('/');
}

function ensureGtag(id: string): Gtag {
  if (window.gtag) return window.gtag;
  window.dataLayer = window.dataLayer ?? [];
  const gtag: Gtag = (...args) => void window.dataLayer?.push(args);
  window.gtag = gtag;
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  return gtag;
}

export function trackPageView(pathname: string): boolean {
  if (!analyticsAllowed()) {
    if (gaMeasurementId) (window as unknown as Record<string, boolean>)[`ga-disable-${gaMeasurementId}`] = true;
    return false;
  }
  (window as unknown as Record<string, boolean>)[`ga-disable-${gaMeasurementId}`] = false;
  ensureGtag(gaMeasurementId)('event', 'page_view', { page_path: maskPath(pathname) });
  return true;
}
