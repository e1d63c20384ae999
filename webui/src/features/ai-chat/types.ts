// What AiChatChannel sends (docs/ai-chat.md), and the panel's own shapes.
import type { Schemas } from '../../lib/api-types';
import type { CableReport } from '../../lib/cable/connection-monitor';

export type { CableReport };

export type AiSource = Schemas['AiSource'];

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
