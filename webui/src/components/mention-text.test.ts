import { describe, expect, it } from 'vitest';
import { insertMention, mentionQueryAt } from './mention-text';

describe('mentionQueryAt', () => {
  it('finds the @ being typed, in Japanese text without spaces', () => {
    expect(mentionQueryAt('ありがとう@ta', 8)).toEqual({ start: 5, query: 'ta' });
    expect(mentionQueryAt('確認は＠山', 5)).toEqual({ start: 3, query: '山' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
  });
  it('is nothing after a space, in an e-mail address or a URL, or without an @', () => {
    expect(mentionQueryAt('@taro さん', 8)).toBeNull();
    expect(mentionQueryAt('taro@exam', 9)).toBeNull();
    expect(mentionQueryAt('https://x.jp/@ta', 16)).toBeNull();
    expect(mentionQueryAt('こんにちは', 5)).toBeNull();
    expect(mentionQueryAt(`@${'a'.repeat(81)}`, 82)).toBeNull();
  });
});

describe('insertMention', () => {
  it('puts the nickname and one space in place of what was typed', () => {
    const text = 'ありがとう@taさん';
    expect(insertMention(text, { start: 5, query: 'ta' }, 8, 'taro')).toEqual({ value: 'ありがとう@taro さん', cursor: 11 });
    expect(insertMention('@ta よろしく', { start: 0, query: 'ta' }, 3, 'taro')).toEqual({ value: '@taro よろしく', cursor: 6 });
  });
});
