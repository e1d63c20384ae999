import { describe, expect, it, vi } from 'vitest';
import { parseAccountParam } from './account-param';
import { imageFileError } from '../../lib/validation';
import { settingsSchema } from './settings-schema';

const CURRENT_EMAIL = 'hanako@example.com';
const issues = (value: unknown) => {
  const result = settingsSchema(CURRENT_EMAIL).safeParse(value);
  const first: Record<string, string> = {};
  // like the form resolver: the first message per field
  if (!result.success) for (const i of result.error.issues) first[i.path.join('.')] ??= i.message;
  return first;
};

describe('settings validation', () => {
  const valid = { nickname: '花子', email: CURRENT_EMAIL, imageUrl: '', currentPassword: '' };

  it('accepts a valid form, an empty nickname and exactly 80 characters', () => {
    expect(issues(valid)).toEqual({});
    expect(issues({ ...valid, nickname: '' })).toEqual({});
    expect(issues({ ...valid, nickname: 'あ'.repeat(80) })).toEqual({});
  });

  it('refuses 81 characters of nickname', () => {
    expect(issues({ ...valid, nickname: 'あ'.repeat(81) })).toEqual({
      nickname: 'ニックネームは80文字以内でご入力ください',
    });
  });

  it('requires the e-mail and checks its format', () => {
    expect(issues({ ...valid, email: '' }).email).toBe('メールアドレスは必須です');
    expect(issues({ ...valid, email: '   ' }).email).toBe('メールアドレスは必須です');
    expect(issues({ ...valid, email: 'not-an-address' }).email).toBe('不正なメールアドレスです');
    expect(issues({ ...valid, email: 'a@b' }).email).toBe('不正なメールアドレスです');
  });
});

describe('current password for a new e-mail', () => {
  const valid = { nickname: '花子', email: CURRENT_EMAIL, imageUrl: '', currentPassword: '' };
  const changed = { ...valid, email: 'new-address@example.com' };

  it('is not asked for while the e-mail stays the same (spaces around it do not count)', () => {
    expect(issues(valid)).toEqual({});
    expect(issues({ ...valid, email: ` ${CURRENT_EMAIL} ` })).toEqual({});
  });

  it('is required, 8 to 16 characters, once the e-mail changes', () => {
    expect(issues(changed)).toEqual({ currentPassword: 'パスワードは必須です' });
    expect(issues({ ...changed, currentPassword: 'a'.repeat(7) })).toEqual({
      currentPassword: 'パスワードは8文字以上でご入力ください',
    });
    expect(issues({ ...changed, currentPassword: 'a'.repeat(17) })).toEqual({
      currentPassword: 'パスワードは16文字以下でご入力ください',
    });
    expect(issues({ ...changed, currentPassword: 'a'.repeat(8) })).toEqual({});
    expect(issues({ ...changed, currentPassword: 'a'.repeat(16) })).toEqual({});
  });

  it('is reported together with a bad nickname', () => {
    expect(issues({ ...changed, nickname: 'あ'.repeat(81) })).toEqual({
      nickname: 'ニックネームは80文字以内でご入力ください',
      currentPassword: 'パスワードは必須です',
    });
  });
});

describe('image files', () => {
  it.each(['a.jpg', 'a.JPEG', 'b.png', 'c.webp'])('accepts %s', (name) => {
    expect(imageFileError({ name, type: '' })).toBeNull();
  });
  it.each([
    ['a.gif', 'image/gif'],
    ['a.svg', 'image/svg+xml'],
    ['a.pdf', 'application/pdf'],
    ['noext', ''],
    ['fake.png', 'text/html'],
  ])('refuses %s (%s)', (name, type) => {
    expect(imageFileError({ name, type })).toBe('jpg/png/webp いずれかの形式のファイルをアップロードしてください。');
  });
});

describe('account query parameter', () => {
  it('reads email, nickname and in-site image_url', () => {
    const raw = JSON.stringify({ email: 'x@example.com', nickname: 'エックス', image_url: '/uploads/profile/a.png' });
    expect(parseAccountParam(raw)).toEqual({
      email: 'x@example.com',
      nickname: 'エックス',
      image_url: '/uploads/profile/a.png',
    });
  });

  it('ignores off-site images', () => {
    expect(parseAccountParam('{"image_url":"https://evil.example/t.png"}')).toEqual({});
  });

  it('only logs a broken parameter', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseAccountParam('{broken')).toBeNull();
    expect(parseAccountParam('[1]')).toBeNull();
    expect(parseAccountParam(null)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
