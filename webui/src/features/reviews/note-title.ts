/** A note's body without its first `# ` heading (the page heading shows it already). */
export function stripTitle(body: string): string {
  return body.replace(/^\s*# [^\n]*(\n|$)/, '');
}
