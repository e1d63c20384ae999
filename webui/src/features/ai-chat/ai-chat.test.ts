import type { Consumer, SubscriptionCallbacks } from '../../lib/cable/consumer';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { askAi } from './ai-chat-channel';
import { chatSchema, MAX_INPUT_CHARS } from './chat-schema';

function fakeConsumer() {
  let callbacks: SubscriptionCallbacks = {};
  const sub = { unsubscribe: vi.fn() };
  const consumer = {
    subscriptions: {
      create: vi.fn((_params: unknown, cb: SubscriptionCallbacks) => {
        callbacks = cb;
        return sub;
      }),
    },
  };
  return {
    consumer: consumer as unknown as Consumer,
    create: consumer.subscriptions.create,
    sub,
    callbacks: () => callbacks,
  };
}

function ask(f: ReturnType<typeof fakeConsumer>, conversationId: number | null = null) {
  const calls = { deltas: [] as string[], done: vi.fn(), error: vi.fn(), report: vi.fn() };
  const asked = askAi({
    consumer: f.consumer,
    conversationId,
    input: 'ルーティングとは',
    onDelta: (t) => calls.deltas.push(t),
    onDone: calls.done,
    onError: calls.error,
    report: calls.report,
    connectionLost: 'lost',
  });
  return { asked, calls };
}

describe('askAi (AiChatChannel)', () => {
  it('subscribes with {id, input}, grows the answer delta by delta, then unsubscribes on done', () => {
    const f = fakeConsumer();
    const { calls } = ask(f, 7);
    expect(f.create).toHaveBeenCalledWith(
      { channel: 'AiChatChannel', id: 7, input: 'ルーティングとは' },
      expect.anything(),
    );
    f.callbacks().received?.({ type: 'delta', text: 'こん' });
    f.callbacks().received?.({ type: 'delta', text: 'にちは' });
    const sources = [{ title: '質問', url: '/questions/1', kind: 'question' }];
    f.callbacks().received?.({ type: 'done', sources, conversation_id: 7 });
    expect(calls.deltas).toEqual(['こん', 'にちは']);
    expect(calls.done).toHaveBeenCalledWith(sources, 7);
    expect(f.sub.unsubscribe).toHaveBeenCalledOnce();
    f.callbacks().disconnected?.({ willAttemptReconnect: false });
    expect(calls.report).not.toHaveBeenCalled();
  });

  it('shows the server error; a rejection or a dropped connection is reported and shown', () => {
    const f = fakeConsumer();
    const { calls } = ask(f);
    f.callbacks().received?.({ type: 'error', message: messages.ai_chat_rate_limited, conversation_id: null });
    expect(calls.error).toHaveBeenCalledWith(messages.ai_chat_rate_limited);

    const g = fakeConsumer();
    const second = ask(g);
    g.callbacks().rejected?.();
    expect(second.calls.report).toHaveBeenCalledWith('rejected');
    expect(second.calls.error).toHaveBeenCalledWith('lost');

    const h = fakeConsumer();
    const third = ask(h);
    third.asked.leave();
    expect(h.sub.unsubscribe).toHaveBeenCalledOnce();
    h.callbacks().disconnected?.({ willAttemptReconnect: false });
    expect(third.calls.report).not.toHaveBeenCalled();
  });

  it('the input: required, at most MAX_INPUT_CHARS characters', () => {
    expect(chatSchema.safeParse({ input: '  ' }).error?.issues[0].message).toBe(messages.ai_chat_input_required);
    expect(chatSchema.safeParse({ input: 'あ'.repeat(MAX_INPUT_CHARS) }).success).toBe(true);
    expect(chatSchema.safeParse({ input: 'あ'.repeat(MAX_INPUT_CHARS + 1) }).error?.issues[0].message).toBe(
      messages.ai_chat_input_too_long.replace('{count}', String(MAX_INPUT_CHARS)),
    );
  });
});
