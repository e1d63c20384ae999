// Analytics consent (see docs/ga.md). Opt-out model: measurement runs unless the visitor
// turned it off on /ga or the browser sends Do Not Track / Global Privacy Control.
import { gaMeasurementId } from '../../lib/env';

export const CONSENT_KEY = 'camp.analytics-consent';
export type Consent = 'granted' | 'denied';

export function storedConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

export function storeConsent(consent: Consent): void {
  localStorage.setItem(CONSENT_KEY, consent);
}

export function browserAsksNotToTrack(nav: Navigator = navigator): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean };
  return n.doNotTrack === '1' || n.globalPrivacyControl === true;
}

// The effective choice: an explicit choice wins; otherwise the browser's signal decides.
export function effectiveConsent(stored: Consent | null, doNotTrack: boolean): Consent {
  if (stored) return stored;
  return doNotTrack ? 'denied' : 'granted';
}

export function analyticsConfigured(): boolean {
  return gaMeasurementId !== '';
}

export function analyticsAllowed(): boolean {
  return analyticsConfigured() && effectiveConsent(storedConsent(), browserAsksNotToTrack()) === 'granted';
}
