import { useCallback, useEffect, useRef, useState } from 'react';
import { getToken } from '../../lib/auth-token';
import { createCableConsumer, type Consumer } from '../../lib/cable/consumer';
import { messages } from '../../lib/messages';
import { askAi } from './ai-chat-channel';
import { reportAiChatCableError } from './api/post-action-cable-log';
import type { ChatTurn } from './types';

const updateLast = (turns: ChatTurn[], change: (t: ChatTurn) => ChatTurn) =>
  turns.map((t, i) => (i === turns.length - 1 ? change(t) : t));

// The panel's conversation: one consumer while the panel is shown; each message is a
// subscription of its own whose deltas grow the last answer. Unmounting leaves mid-answer.
export function useAiChat() {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [streaming, setStreaming] = useState(false);
  const consumer = useRef<Consumer | null>(null);
  const conversation = useRef<number | null>(null);
  const current = useRef<{ leave(): void } | null>(null);

  useEffect(() => {
    const token = getToken();
    if (token) consumer.current = createCableConsumer(token);
    return () => {
      current.current?.leave();
      consumer.current?.disconnect();
      consumer.current = null;
    };
  }, []);

  const send = useCallback((input: string) => {
    if (!consumer.current) return;
    const end = (change: (t: ChatTurn) => ChatTurn) => {
      setTurns((ts) => updateLast(ts, change));
      setStreaming(false);
      current.current = null;
    };
    setStreaming(true);
    setTurns((ts) => [
      ...ts,
      { role: 'user', text: input, sources: [], error: null, streaming: false },
      { role: 'assistant', text: '', sources: [], error: null, streaming: true },
    ]);
    current.current = askAi({
      consumer: consumer.current,
      conversationId: conversation.current,
      input,
      connectionLost: messages.ai_chat_connection_failed,
      onDelta: (text) => setTurns((ts) => updateLast(ts, (t) => ({ ...t, text: t.text + text }))),
      onDone: (sources, id) => {
        conversation.current = id;
        end((t) => ({ ...t, sources, streaming: false }));
      },
      onError: (message) => end((t) => ({ ...t, error: message, streaming: false })),
      report: (error) => reportAiChatCableError(conversation.current, error),
    });
  }, []);

  return { turns, streaming, send };
}
