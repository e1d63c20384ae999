// A conversation the AI could not settle, as a draft question for the mentors: the first
// message (its first line, shortened) as the title; the student's messages quoted and the
// sources the AI showed as links in the body. The AI's own words stay out: mentors answer
// the student, not the AI.
import { messages } from '../../lib/messages';
import type { ChatTurn } from './types';

const TITLE_CHARS = 60;

export function draftFromConversation(turns: ChatTurn[]): { title: string; body: string } {
  const asked = turns.filter((t) => t.role === 'user').map((t) => t.text.trim());
  const firstLine = (asked[0] ?? '').split('\n')[0].trim();
  const chars = [...firstLine];
  const title = chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : firstLine;
  const quoted = asked.map((text) => text.replace(/^/gm, '> '));
  const seen = new Set<string>();
  const sources = turns
    .flatMap((t) => t.sources)
    .filter((s) => !seen.has(s.url) && seen.add(s.url))
    .map((s) => `- [${s.title.replace(/[[\]\\]/g, '\\$&')}](${s.url})`);
  const body = [messages.ai_chat_draft_intro, ...quoted];
  if (sources.length > 0) body.push(`${messages.ai_chat_draft_sources}\n${sources.join('\n')}`);
  return { title, body: body.join('\n\n') };
}
