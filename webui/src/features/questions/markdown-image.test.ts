import { describe, expect, it } from 'vitest';
import { imageFileError } from '../../lib/validation';
import { renderMarkdown } from '../../lib/markdown';
import { imageMarkdown, insertMarkdown } from './markdown-image';

const image = imageMarkdown('/uploads/question/ab12.png');

describe('insertMarkdown', () => {
  it('builds the image Markdown', () => {
    expect(image).toBe('![画像](/uploads/question/ab12.png)');
  });

  it('inserts at the cursor and puts the cursor after the snippet', () => {
    expect(insertMarkdown('abcdef', image, { start: 3, end: 3 })).toEqual({
      value: `abc${image}def`,
      cursor: 3 + image.length,
    });
  });

  it('replaces a selected range', () => {
    expect(insertMarkdown('abcdef', 'X', { start: 1, end: 4 })).toEqual({ value: 'aXef', cursor: 2 });
  });

  it('clamps positions outside the text', () => {
    expect(insertMarkdown('ab', 'X', { start: 10, end: 20 })).toEqual({ value: 'abX', cursor: 3 });
    expect(insertMarkdown('ab', 'X', { start: -1, end: -1 })).toEqual({ value: 'Xab', cursor: 1 });
  });

  it('appends on a new line without a cursor', () => {
    expect(insertMarkdown('', image, null)).toEqual({ value: image, cursor: image.length });
    expect(insertMarkdown('本文', image)).toEqual({ value: `本文\n${image}`, cursor: 3 + image.length });
    expect(insertMarkdown('本文\n', image).value).toBe(`本文\n${image}`);
  });

  it('renders as a same-origin <img>', () => {
    const html = renderMarkdown(insertMarkdown('本文', image).value);
    expect(html).toContain('<img src="/uploads/question/ab12.png" alt="画像">');
  });
});

describe('image type check', () => {
  it('accepts jpg/jpeg/png/webp and rejects the rest with the catalogue message', () => {
    expect(imageFileError({ name: 'a.png', type: 'image/png' })).toBeNull();
    expect(imageFileError({ name: 'a.JPEG', type: 'image/jpeg' })).toBeNull();
    expect(imageFileError({ name: 'a.webp', type: 'image/webp' })).toBeNull();
    expect(imageFileError({ name: 'a.gif', type: 'image/gif' })).toBe(
      'jpg/png/webp いずれかの形式のファイルをアップロードしてください。',
    );
    expect(imageFileError({ name: 'a.png', type: 'application/pdf' })).not.toBeNull();
  });
});
