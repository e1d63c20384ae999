import { api, unwrap } from '../../../lib/api-client';
import type { CableReport } from '../types';

// Connection problems of AiChatChannel; the answer is not shown, failures only logged.
export const postAiChatCableLog = (id: number | null, error: CableReport) =>
  unwrap(api.POST('/api/v1/ai_chat/action_cable_logger', { body: { id, error } }));

export function reportAiChatCableError(id: number | null, error: CableReport): void {
  postAiChatCableLog(id, error).catch((cause: unknown) => console.warn('ai_chat action_cable_logger failed', cause));
}
