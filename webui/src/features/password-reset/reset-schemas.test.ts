import { describe, expect, it } from 'vitest';
import { newPasswordSchema, resetRequestSchema } from './reset-schemas';

// Like the form resolver: the first message per field.
function issues(
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  const first: Record<string, string> = {};
  if (!result.success) for (const i of result.error?.issues ?? []) first[i.path.join('.')] ??= i.message;
  return first;
}

describe('password reset request', () => {
  it('requires the e-mail and checks its format (spec §5, word for word)', () => {
    expect(issues(resetRequestSchema, { email: '' })).toEqual({ email: 'メールアドレスは必須です' });
    expect(issues(resetRequestSchema, { email: 'hanako' })).toEqual({ email: '不正なメールアドレスです' });
    expect(issues(resetRequestSchema, { email: ' hanako@example.com ' })).toEqual({});
  });
});

describe('new password', () => {
  const valid = { password: 'new-pass-123', passwordConfirmation: 'new-pass-123' };

  it('accepts 8 and 16 characters with an equal confirmation', () => {
    expect(issues(newPasswordSchema, valid)).toEqual({});
    expect(issues(newPasswordSchema, { password: 'a'.repeat(8), passwordConfirmation: 'a'.repeat(8) })).toEqual({});
    expect(issues(newPasswordSchema, { password: 'あ'.repeat(16), passwordConfirmation: 'あ'.repeat(16) })).toEqual({});
  });

  it('says required, too short and too long in the spec words', () => {
    expect(issues(newPasswordSchema, { ...valid, password: '' }).password).toBe('パスワードは必須です');
    expect(issues(newPasswordSchema, { ...valid, password: 'a'.repeat(7) }).password).toBe(
      'パスワードは8文字以上でご入力ください',
    );
    expect(issues(newPasswordSchema, { ...valid, password: 'a'.repeat(17) }).password).toBe(
      'パスワードは16文字以下でご入力ください',
    );
  });

  it('requires the confirmation and wants it equal', () => {
    expect(issues(newPasswordSchema, { ...valid, passwordConfirmation: '' })).toEqual({
      passwordConfirmation: '確認用のパスワードは必須です',
    });
    expect(issues(newPasswordSchema, { ...valid, passwordConfirmation: 'new-pass-124' })).toEqual({
      passwordConfirmation: 'パスワードが一致しません',
    });
  });
});
