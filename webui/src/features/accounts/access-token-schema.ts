import * as z from 'zod/mini';
import type { TokenScope } from '../../lib/api-types';
import { limits, messages } from '../../lib/messages';
import { isOneLine, notBlank, trimmed } from '../../lib/validation';

// What each scope allows, as the settings show it (docs/tokens.md), in the daemon's order.
export const scopeLabels: Record<TokenScope, string> = {
  read: '閲覧（取得のみ）',
  'students:write': '受講生の登録・変更',
  'events:write': 'イベントの作成・変更',
  'accounts:write': 'アカウントの招待',
  'questionnaires:write': 'アンケートの回答依頼',
  'questionnaires:export': 'アンケートの書き出しと個人データの閲覧（利用を記録）',
  'notifications:write': 'お知らせの送信',
  'seed:write': '初期データの投入',
};

export const EXPIRY_DAYS = [7, 30, 90, 365] as const;

// The create form: a one-line name (≤ 100), at least one scope, one of the offered lifetimes.
export const accessTokenSchema = z.object({
  name: z
    .string()
    .check(
      trimmed(),
      notBlank(messages.access_token_name_required),
      z.maxLength(limits.access_token_name_max, messages.access_token_name_too_long),
      z.refine(isOneLine, messages.forbidden_character),
    ),
  scopes: z.array(z.string()).check(z.minLength(1, messages.access_token_scopes_required)),
  expiresInDays: z
    .number()
    .check(z.refine((days) => (EXPIRY_DAYS as readonly number[]).includes(days), messages.access_token_days_range)),
});

export type AccessTokenValues = z.infer<typeof accessTokenSchema>;

// Server field names (422 `fields`) → form fields.
export const accessTokenFieldMap = { name: 'name', scopes: 'scopes', expires_in_days: 'expiresInDays' } as const;
