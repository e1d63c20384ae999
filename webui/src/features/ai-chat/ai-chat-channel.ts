// One question to AiChatChannel: subscribes with {id, input}, hands each message to the
// callbacks as it arrives, and unsubscribes once the answer is done or failed. Leaving early
// (the page closes) unsubscribes too, and the daemon cancels the answer upstream. The
// consumer is injected so the logic is testable.
import type { Consumer } from '../../lib/cable/consumer';
import type { AiChatMessage, AiSource, CableReport } from './types';

export interface AskOptions {
  consumer: Consumer;
  conversationId: number | null;
  input: string;
  onDelta: (text: string) => void;
  onDone: (sources: AiSource[], conversationId: number) => void;
  onError: (message: string) => void;
  report: (error: CableReport) => void;
  connectionLost: string; // the message shown when the answer cannot arrive
}

export function askAi(o: AskOptions): { leave(): void } {
  let finished = false;
  const finish = () => {
    finished = true;
    subscription.unsubscribe();
  };
  const subscription = o.consumer.subscriptions.create(
    { channel: 'AiChatChannel', id: o.conversationId, input: o.input },
    {
      received(data) {
        const m = data as AiChatMessage;
        if (finished) return;
        if (m.type === 'delta') o.onDelta(m.text);
        else if (m.type === 'done') {
          finish();
          o.onDone(m.sources, m.conversation_id);
        } else if (m.type === 'error') {
          finish();
          o.onError(m.message);
        }
      },
      disconnected() {
        if (finished) return;
        finished = true;
        o.report('disconnected');
        o.onError(o.connectionLost);
      },
      rejected() {
        if (finished) return;
        finished = true;
        o.report('rejected');
        o.onError(o.connectionLost);
      },
    },
  );
  return {
    leave() {
      if (finished) return;
      finished = true;
      subscription.unsubscribe();
    },
  };
}
