import * as z from 'zod/mini';
import { emailField, nicknameField, passwordField } from '../../lib/validation';

/** Whether the form's e-mail differs from the account's (what the server compares, trimmed). */
export const changesEmail = (currentEmail: string, email: string) => email.trim() !== currentEmail;

const currentPasswordRules = passwordField();

// Settings dialog form (spec §2, §5): nickname optional ≤ 80, e-mail required and well-formed.
// A new e-mail also needs the current password (spec's password rules), which the server checks.
export const settingsSchema = (currentEmail: string) =>
  z
    .object({
      nickname: nicknameField(),
      email: emailField(),
      imageUrl: z.string(),
      currentPassword: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!changesEmail(currentEmail, values.email)) return;
        const result = currentPasswordRules.safeParse(values.currentPassword);
        const message = result.success ? undefined : result.error.issues[0]?.message;
        if (message)
          ctx.issues.push({ code: 'custom', message, path: ['currentPassword'], input: values.currentPassword });
      }),
    );

export type SettingsValues = z.infer<ReturnType<typeof settingsSchema>>;

// Server field names → form field names, for 422 answers.
export const serverFieldMap: Record<string, keyof SettingsValues> = {
  nickname__c: 'nickname',
  personemail: 'email',
  account_image_01__c: 'imageUrl',
  current_password: 'currentPassword',
};
