import * as z from 'zod/mini';
import { emailField, nicknameField } from '../../lib/validation';

// Settings dialog form (spec §2, §5): nickname optional ≤ 80, e-mail required and well-formed.
export const settingsSchema = z.object({
  nickname: nicknameField(),
  email: emailField(),
  imageUrl: z.string(),
});

export type SettingsValues = z.infer<typeof settingsSchema>;

// Server field names → form field names, for 422 answers.
export const serverFieldMap: Record<string, keyof SettingsValues> = {
  nickname__c: 'nickname',
  personemail: 'email',
  account_image_01__c: 'imageUrl',
};
