import { describe, expect, it } from 'vitest';
import { acceptInvitationSchema } from './invitation-schema';

const issues = (value: unknown) => {
  const result = acceptInvitationSchema.safeParse(value);
  const first: Record<string, string> = {};
  if (!result.success) for (const i of result.error.issues) first[i.path.join('.')] ??= i.message;
  return first;
};

describe('accepting an invitation', () => {
  const valid = { nickname: '招待 花子', password: 'hanako-pass1', passwordConfirmation: 'hanako-pass1' };

  it('accepts a valid form, an empty nickname and 80 characters of nickname', () => {
    expect(issues(valid)).toEqual({});
    expect(issues({ ...valid, nickname: '' })).toEqual({});
    expect(issues({ ...valid, nickname: 'あ'.repeat(80) })).toEqual({});
  });

  it('refuses 81 characters of nickname (spec §5)', () => {
    expect(issues({ ...valid, nickname: 'あ'.repeat(81) })).toEqual({
      nickname: 'ニックネームは80文字以内でご入力ください',
    });
  });

  it('has the password rules and the confirmation', () => {
    expect(issues({ ...valid, password: '', passwordConfirmation: '' }).password).toBe('パスワードは必須です');
    expect(issues({ ...valid, password: 'short' }).password).toBe('パスワードは8文字以上でご入力ください');
    expect(issues({ ...valid, password: 'x'.repeat(17) }).password).toBe('パスワードは16文字以下でご入力ください');
    expect(issues({ ...valid, passwordConfirmation: '' }).passwordConfirmation).toBe('確認用のパスワードは必須です');
    expect(issues({ ...valid, passwordConfirmation: 'hanako-pass2' })).toEqual({
      passwordConfirmation: 'パスワードが一致しません',
    });
  });
});
