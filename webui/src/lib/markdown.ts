// Markdown → safe HTML for every feature that shows Markdown (questions, answers, task bodies,
// reviews, review notes, event descriptions): marked renders, DOMPurify removes scripts, event
// handlers and other active content, so raw HTML never executes. `style` attributes go too: a
// body must not restyle or cover the page (e.g. a full-screen fake login box).
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Rendered Markdown always sits inside a page whose one <h1> is its own heading: a body's
// headings move one level down (# → <h2>, at most <h6>), so the outline stays right for
// screen readers however many bodies a page shows.
const marked = new Marked({
  gfm: true,
  breaks: true,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(token.depth + 1, 6);
  },
});

export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });
}
