// What AiChatChannel sends (docs/ai-chat.md), and the panel's own shapes.
import type { CableReport } from '../../lib/cable/connection-monitor';

export type { CableReport };

export interface AiSource {
  title: string;
  url: string;
  kind: 'question' | 'curriculum';
}

export type AiChatMessage =
  | { type: 'delta'; text: string }
  | { type: 'done'; sources: AiSource[]; conversation_id: number }
  | { type: 'error'; message: string; conversation_id: number | null };

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
  sources: AiSource[];
  error: string | null;
  streaming: boolean;
}
