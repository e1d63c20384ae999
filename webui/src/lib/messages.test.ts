// The one message catalogue (lib/core/messages.ja.json): the specification's texts word for word,
// every key the web app names exists, and no key is written twice.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { fill, messages } from './messages';

const here = path.dirname(fileURLToPath(import.meta.url));
const catalogueFile = path.resolve(here, '../../../lib/core/messages.ja.json');
const texts = Object.values(messages) as string[];

// Quoted from the specification, sections 5 (validation) and 8 (messages).
const SPEC_MESSAGES = [
  'メールアドレスは必須です',
  '不正なメールアドレスです',
  'URLは必須です',
  '不正なURLです',
  'クローン元のリポジトリへのpushはできません',
  'パスワードは必須です',
  'パスワードは8文字以上でご入力ください',
  'パスワードは16文字以下でご入力ください',
  'ニックネームは80文字以内でご入力ください',
  'カテゴリーは必須です',
  'タイトルは必須です',
  'コメントは必須です',
  'ステータスは必須です',
  '定員は必須です',
  '半角数字のみ入力してください',
  '1000名以下で設定してください',
  '開催日は必須です',
  'メンタリング日時は必須です',
  'メンタリング日時が不正なフォーマットです',
  '内容は必須です',
  '内容は500文字以内でご入力ください',
  '担当は必須です',
  'jpg/png/webp いずれかの形式のファイルをアップロードしてください。',
  'ログアウトしました。',
  'アカウント情報が変更されました',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('message catalogue', () => {
  test.each(SPEC_MESSAGES)('has the specification’s %s', (text) => {
    expect(texts).toContain(text);
  });

  test('the capacity message takes the current participant count', () => {
    expect(fill(messages.event_capacity_min, { count: 12 })).toBe('12名(現在の参加人数)以上で設定してください');
  });

  test('every messages.<key> in the web app exists in the catalogue', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve(here, '..')))
      for (const match of readFileSync(file, 'utf8').matchAll(/\bmessages\.([a-z][a-z0-9_]*)(?![a-z0-9_]|\.json)/g)) used.add(match[1]);
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((key) => !(key in messages));
    expect(missing).toEqual([]);
  });

  test('no key is written twice (JSON.parse would keep only the last)', () => {
    const keys = [...readFileSync(catalogueFile, 'utf8').matchAll(/^\s*"([^"]+)"\s*:/gm)].map((m) => m[1]);
    expect(keys.length).toBe(Object.keys(messages).length);
  });

  test('fill replaces every placeholder and leaves unknown ones visible', () => {
    expect(fill(messages.answering_now, { name: '花子' })).toBe('花子さんが回答を入力中');
    expect(fill('{a}と{a}と{b}', { a: 1 })).toBe('1と1と{b}');
  });
});
