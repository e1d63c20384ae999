import * as z from 'zod/mini';
import { limits, messages } from '../../lib/messages';
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

// Images: jpg, jpeg, png, webp only, checked before uploading.
export function imageFileError(file: Pick<File, 'name' | 'type'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const extOk = (limits.imageExtensions as readonly string[]).includes(extension);
  const typeOk = file.type === '' || (limits.imageMimeTypes as readonly string[]).includes(file.type);
  return extOk && typeOk ? null : messages.image.invalidType;
}
