// The user-facing messages: lib/core/messages.ja.json is the one catalogue, read by the C++ build
// too (docs/design.md "Messages"). Its keys are typed from the JSON, so naming a key the file
// lacks fails `npm run typecheck`. Texts with {name} placeholders go through fill().
import catalogue from '../../../lib/core/messages.ja.json';

export const messages = catalogue;
export type MessageKey = keyof typeof catalogue;

// Replaces each {name} with its value; a placeholder without a value stays visible.
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

// Business constants (spec §9).
export const limits = {
  nicknameMax: 80,
  passwordMin: 8,
  passwordMax: 16,
  eventCapacityMin: 1,
  eventCapacityMax: 1000,
  mentoringBodyMax: 500,
  mentoringDateMin: 14,
  imageExtensions: ['jpg', 'jpeg', 'png', 'webp'],
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
