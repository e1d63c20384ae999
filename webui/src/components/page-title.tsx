import { useEffect } from 'react';

// The browser tab reads '<page> | camp management site' while the page is shown, and the site's
// name again once it is gone.
export const SITE_TITLE = 'camp management site';

export function pageTitle(page?: string): string {
  return page ? `${page} | ${SITE_TITLE}` : SITE_TITLE;
}

export function PageTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = pageTitle(title);
    return () => {
      document.title = SITE_TITLE;
    };
  }, [title]);
  return null;
}
