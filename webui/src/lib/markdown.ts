// Markdown → safe HTML for every feature that shows Markdown (questions, answers, task bodies,
// reviews, review notes, event descriptions): marked renders, DOMPurify removes scripts, event handlers and other
// active content, so raw HTML never executes. `style` attributes go too: a body must not
// restyle or cover the page (e.g. a full-screen fake login box).
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });
}
