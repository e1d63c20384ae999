// The user-facing messages: lib/core/messages.ja.json is the one catalogue, read by the C++ build
// too (docs/design.md "Messages and limits"). Its keys are typed from the JSON, so naming a key the
// file lacks fails `npm run typecheck`. Texts with {name} placeholders go through fill().
import catalogue from '../../../lib/core/messages.ja.json';
import limitsFile from '../../../lib/core/limits.json';

export const messages = catalogue;
export type MessageKey = keyof typeof catalogue;

// Replaces each {name} with its value; a placeholder without a value stays visible.
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

// The numeric limits of user input (lengths, counts): lib/core/limits.json, the file the daemon is
// built from and daemon/openapi.yaml is checked against. Naming a key the file lacks fails
// `npm run typecheck`.
export const limits = limitsFile;
export type LimitKey = keyof typeof limitsFile;
