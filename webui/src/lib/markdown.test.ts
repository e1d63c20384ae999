// @vitest-environment jsdom
// Sanitizing needs a DOM that behaves like a browser's: happy-dom's attribute handling lets
// DOMPurify keep attributes, so this file runs in jsdom.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('Markdown sanitizing', () => {
  it('drops style attributes from raw HTML, keeping the element and its text', () => {
    const html = renderMarkdown(
      '<div style="position:fixed;inset:0;background:red">偽のログイン</div>\n\n<span style="color:red">赤</span>',
    );
    expect(html).not.toMatch(/style/i);
    expect(html).toContain('<div>偽のログイン</div>');
    expect(html).toContain('<span>赤</span>');
  });

  it('drops <style> elements, event handlers and scripts', () => {
    const html = renderMarkdown(
      '<style>body{display:none}</style><img src="x.png" onerror="alert(1)"><script>alert(2)</script>',
    );
    expect(html).not.toMatch(/<style|onerror|<script|alert/i);
    expect(html).toContain('<img src="x.png">');
  });

  it('moves headings one level down, so the page keeps its one <h1>', () => {
    const html = renderMarkdown('# 内容\n\n## 手順\n\n###### 細目');
    expect(html).toContain('<h2>内容</h2>');
    expect(html).toContain('<h3>手順</h3>');
    expect(html).toContain('<h6>細目</h6>');
    expect(html).not.toContain('<h1');
  });
});
