// Where the caret is typing a mention, and the text with the chosen nickname put in. The
// server reads mentions the same way (docs/notifications.md "Mentions"): `@` or `＠`, not right
// after an ASCII letter, digit or one of _ . + - / % (an e-mail address, a URL's path).
import { limits } from '../lib/messages';

export interface MentionAt {
  /** Index of the @ in the text. */
  start: number;
  /** What was typed after it, up to the caret. */
  query: string;
}

const JOINS_AT = /[A-Za-z0-9_.+\-/%]/;
const BREAKS = /[\s\u3000]/;

export function mentionQueryAt(text: string, caret: number): MentionAt | null {
  for (let i = caret - 1; i >= 0 && caret - i <= limits.nickname_max + 1; i--) {
    const c = text[i];
    if (BREAKS.test(c)) return null;
    if (c === '@' || c === '＠') {
      if (i > 0 && JOINS_AT.test(text[i - 1])) return null;
      return { start: i, query: text.slice(i + 1, caret) };
    }
  }
  return null;
}

/** `@nickname ` in place of what was typed; the caret after the space. */
export function insertMention(text: string, at: MentionAt, caret: number, nickname: string) {
  const inserted = `@${nickname} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { value: text.slice(0, at.start) + inserted + rest, cursor: at.start + inserted.length };
}
