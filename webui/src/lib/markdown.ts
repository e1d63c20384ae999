// Markdown → safe HTML for every feature that shows Markdown (questions, answers, task bodies,
// reviews, review notes, event descriptions, AI chat answers): marked renders, DOMPurify removes
// scripts, event handlers and other active content, so raw HTML never executes. `style`
// attributes go too: a body must not restyle or cover the page (e.g. a full-screen fake login box).
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

// A link or image on this site: its path (relative, normalised by the URL parser, which reads
// `/\\host` and `//host` as other hosts the way a browser does); null for every other host or scheme.
function pathOnThisSite(href: string): string | null {
  try {
    const url = new URL(href, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

// The AI chat's answers quote what others wrote (docs/ai-chat.md "The web app"): headings are bold
// lines (a quoted "# 課題の目的" is not the biggest text on the page), links and images to other
// hosts are plain text (a planted link cannot be clicked, an image cannot track the reader), and
// raw HTML shows as the text it is.
const chatMarked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    heading({ tokens }) {
      return `<p><strong>${this.parser.parseInline(tokens)}</strong></p>\n`;
    },
    link({ href, title, text: raw, tokens }) {
      const text = this.parser.parseInline(tokens);
      const path = pathOnThisSite(href);
      if (path === null) return raw === href || `mailto:${raw}` === href ? text : `${text} (${escapeHtml(href)})`;
      return `<a href="${escapeHtml(path)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${text}</a>`;
    },
    image({ href, text }) {
      const path = pathOnThisSite(href);
      return path === null ? escapeHtml(text) : `<img src="${escapeHtml(path)}" alt="${escapeHtml(text)}">`;
    },
    html({ text }) {
      return escapeHtml(text);
    },
  },
});

// A code block or a table may scroll sideways: it takes the keyboard focus, so it can be scrolled
// without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'PRE' || node.nodeName === 'TABLE') node.setAttribute('tabindex', '0');
});

const sanitize = (html: string) =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input'],
    FORBID_ATTR: ['style'],
  });

export function renderMarkdown(source: string): string {
  return sanitize(marked.parse(source, { async: false }));
}

export function renderChatMarkdown(source: string): string {
  return sanitize(chatMarked.parse(source, { async: false }));
}
