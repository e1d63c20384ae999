// The browser tab reads '<page> | camp management site' (React 19 hoists <title> into <head>).
export const SITE_TITLE = 'camp management site';

export function pageTitle(page?: string): string {
  return page ? `${page} | ${SITE_TITLE}` : SITE_TITLE;
}

export function PageTitle({ title }: { title?: string }) {
  return <title>{pageTitle(title)}</title>;
}
