// Inserting an uploaded image's Markdown into a body.

export interface Selection {
  start: number;
  end: number;
}

export const imageMarkdown = (url: string): string => `![画像](${url})`;

// Replaces value[start, end) with `snippet` and returns the new text and the cursor after it.
// Without a selection the snippet is appended at the end, on its own line when the text does
// not already end with a newline.
export function insertMarkdown(
  value: string,
  snippet: string,
  selection?: Selection | null,
): { value: string; cursor: number } {
  if (!selection) {
    const separator = value.length > 0 && !value.endsWith('\n') ? '\n' : '';
    const next = `${value}${separator}${snippet}`;
    return { value: next, cursor: next.length };
  }
  const start = Math.max(0, Math.min(selection.start, value.length));
  const end = Math.max(start, Math.min(selection.end, value.length));
  return { value: value.slice(0, start) + snippet + value.slice(end), cursor: start + snippet.length };
}
