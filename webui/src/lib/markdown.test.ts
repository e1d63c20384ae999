// @vitest-environment jsdom
// Sanitizing needs a DOM that behaves like a browser's: happy-dom's attribute handling lets
// DOMPurify keep attributes, so this file runs in jsdom.
import { describe, expect, it } from 'vitest';
import { renderChatMarkdown, renderMarkdown } from './markdown';

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

  it('lets the keyboard reach code blocks and tables, which may scroll sideways', () => {
    const doc = new DOMParser().parseFromString(
      renderMarkdown('```\nrails db:migrate\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<pre tabindex="-1">x</pre>'),
      'text/html',
    );
    expect([...doc.querySelectorAll('pre, table')].map((e) => `${e.nodeName} ${e.getAttribute('tabindex')}`)).toEqual([
      'PRE 0',
      'TABLE 0',
      'PRE 0',
    ]);
    expect(
      new DOMParser().parseFromString(renderChatMarkdown('```\nx\n```'), 'text/html').querySelector('pre')?.tabIndex,
    ).toBe(0);
  });

  it('moves headings one level down, so the page keeps its one <h1>', () => {
    const html = renderMarkdown('# 内容\n\n## 手順\n\n###### 細目');
    expect(html).toContain('<h2>内容</h2>');
    expect(html).toContain('<h3>手順</h3>');
    expect(html).toContain('<h6>細目</h6>');
    expect(html).not.toContain('<h1');
  });
});

// What the AI chat quotes was written by others: planted links and images to other hosts must
// not be clickable or load, headings must not grow, raw HTML is text.
describe('Markdown of AI chat answers', () => {
  const dom = (html: string) => {
    const box = document.createElement('div');
    box.innerHTML = html;
    return box;
  };

  it('renders links to other hosts as plain text, whatever their spelling', () => {
    const box = dom(
      renderChatMarkdown(
        [
          '> [公式の手順](https://evil.example/login) と https://evil.example/bare',
          '> [二重](//evil.example/x) [逆](/\\evil.example/y) [js](javascript:alert(1)) <https://evil.example/auto>',
          '> ![追跡](https://evil.example/pixel.png) <a href="https://evil.example/raw">生のHTML</a>',
        ].join('\n'),
      ),
    );
    expect(box.querySelectorAll('a')).toHaveLength(0);
    expect(box.querySelectorAll('img')).toHaveLength(0);
    expect(box.textContent).toContain('公式の手順 (https://evil.example/login)');
    expect(box.textContent).toContain('https://evil.example/bare');
    expect(box.textContent).toContain('<a href="https://evil.example/raw">生のHTML</a>');
    expect(box.querySelector('blockquote')).not.toBeNull();
  });

  it('keeps links and images of this site, as relative paths', () => {
    const box = dom(
      renderChatMarkdown(
        `[質問](/questions/12) [教材](${window.location.origin}/curriculums/ruby#task-3) ![図](/uploads/a.png)`,
      ),
    );
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/questions/12',
      '/curriculums/ruby#task-3',
    ]);
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.png');
  });

  it('shows quoted headings as bold lines, code as code and tables as tables', () => {
    const box = dom(
      renderChatMarkdown(
        ['> # 課題の目的', '> ```ruby', '> puts 1', '> ```', '> | 列 | 値 |', '> |---|---|', '> | a | 1 |'].join('\n'),
      ),
    );
    expect(box.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(box.querySelector('blockquote strong')?.textContent).toBe('課題の目的');
    expect(box.querySelector('pre code')?.textContent).toBe('puts 1\n');
    expect(box.querySelectorAll('table td')).toHaveLength(2);
    expect(box.textContent).not.toContain('|');
  });
});
