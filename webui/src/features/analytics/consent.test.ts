import { describe, expect, it } from 'vitest';
import { browserAsksNotToTrack, effectiveConsent, storeConsent, storedConsent } from './consent';
import { maskPath, trackPageView } from './page-view';

describe('analytics consent', () => {
  it('an explicit choice wins over the browser signal', () => {
    expect(effectiveConsent('granted', true)).toBe('granted');
    expect(effectiveConsent('denied', false)).toBe('denied');
  });

  it('without a choice, Do Not Track / GPC means no', () => {
    expect(effectiveConsent(null, true)).toBe('denied');
    expect(effectiveConsent(null, false)).toBe('granted');
    expect(browserAsksNotToTrack({ doNotTrack: '1' } as Navigator)).toBe(true);
    expect(browserAsksNotToTrack({ globalPrivacyControl: true } as unknown as Navigator)).toBe(true);
    expect(browserAsksNotToTrack({ doNotTrack: null } as Navigator)).toBe(false);
  });

  it('the choice is stored in the browser', () => {
    expect(storedConsent()).toBeNull();
    storeConsent('denied');
    expect(storedConsent()).toBe('denied');
  });

  it('masks ids in paths', () => {
    expect(maskPath('/students/123')).toBe('/students/:id');
    expect(maskPath('/reset-password/AbCdEfGhIjKlMnOpQrStUv/edit')).toBe('/reset-password/:id/edit');
    expect(maskPath('/curriculums/ruby-basic')).toBe('/curriculums/ruby-basic');
  });

  it('sends nothing without a measurement id', () => {
    storeConsent('granted');
    expect(trackPageView('/mypage')).toBe(false);
    expect(window.gtag).toBeUndefined();
  });
});
