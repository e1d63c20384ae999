// What every page must pass (layout-sweep.spec.ts, accessibility.spec.ts): no sideways scrolling
// of the document, no action button or link cut off, no serious or critical WCAG 2.1 AA finding.
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Puts axe-core into every document the page loads from now on (cheaper than once per check). */
export async function preloadAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: axe.source });
}

/**
 * axe's serious and critical WCAG 2.0/2.1 A and AA violations, as "rule: targets" lines. axe-core
 * runs in the page (put there now unless preloadAxe did) and reports violations only: a fraction
 * of the time @axe-core/playwright's AxeBuilder takes, which matters over a hundred pages.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** How far the document scrolls sideways (0 when it fits the window). */
export function documentOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Visible buttons, links and tabs that are not wholly inside the window and every box that clips
 * them sideways (a table scrolled by hand hides its last columns: that counts as cut off).
 * Visually hidden ones (inside a 1 px clipped box) are not on screen and are left out; so are the
 * tabs of a tab strip that scrolls behind its own arrow buttons (MUI Tabs variant="scrollable").
 */
export function clippedActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (el: Element) =>
      (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 40);
    const found: string[] = [];
    for (const el of document.querySelectorAll('a[href], button, [role="button"], [role="link"], [role="tab"]')) {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      let cutBy = r.left < -0.5 || r.right > window.innerWidth + 0.5 ? 'the window' : '';
      let hidden = false;
      for (let box = el.parentElement; box && !hidden; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (b.width < 2 || b.height < 2) hidden = true;
        else if (!cutBy && (r.left < b.left - 0.5 || r.right > b.right + 0.5))
          cutBy = box.className ? `.${String(box.className).split(' ')[0]}` : box.tagName;
      }
      if (hidden || !cutBy || el.closest('.MuiTabs-scrollableX')) continue;
      found.push(`${describe(el)} (cut by ${cutBy})`);
    }
    return found;
  });
}

/** Waits until the page has loaded what it shows: no request in flight, no loading indicator. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-label="読み込み中"], .loading-bar, .loading-overlay')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** Every layout and accessibility finding of the page as it is now, for one expect. */
export async function layoutFindings(page: Page): Promise<string[]> {
  const overflow = await documentOverflow(page);
  return [
    ...(overflow > 0 ? [`the document scrolls ${overflow} px sideways`] : []),
    ...(await clippedActions(page)).map((a) => `cut off: ${a}`),
    ...(await seriousViolations(page)).map((v) => `axe ${v}`),
  ];
}
