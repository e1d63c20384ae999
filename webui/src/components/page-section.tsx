import type { ReactNode } from 'react';
import './page-section.css';

// One titled card of a page's grid (/students/:id, /mypage): a labelled section; `wide` spans
// every column. Plain CSS, so /mypage paints without MUI.
export function PageSection({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? 'page-section page-section--wide' : 'page-section'} aria-label={title}>
      <h2 className="page-section__title">{title}</h2>
      {children}
    </section>
  );
}
