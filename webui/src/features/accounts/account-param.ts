// The settings dialog may be prefilled from a JSON `account` query parameter, e.g.
// ?account={"email":"a@example.com","nickname":"花子","image_url":"/uploads/profile/x.png"}.
// A broken parameter is only logged.
export interface AccountPrefill {
  email?: string;
  nickname?: string;
  image_url?: string;
}

const inSite = (value: string) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

export function parseAccountParam(raw: string | null): AccountPrefill | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error('account parameter is not an object');
    }
    const source = value as Record<string, unknown>;
    const prefill: AccountPrefill = {};
    if (typeof source.email === 'string') prefill.email = source.email;
    if (typeof source.nickname === 'string') prefill.nickname = source.nickname;
    if (typeof source.image_url === 'string' && inSite(source.image_url)) prefill.image_url = source.image_url;
    return prefill;
  } catch (error) {
    console.warn('ignoring the account query parameter', error);
    return null;
  }
}
