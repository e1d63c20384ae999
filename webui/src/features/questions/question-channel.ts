// QuestionChannel (docs/realtime.md): subscribes to one question, keeps the draft's
// answering list in step with the messages, reports connection problems, and tears everything
// down when the page is left. The consumer is injected so the logic is testable.
import type { Consumer } from '../../lib/cable/consumer';
import { createConnectionMonitor, MONITOR_INTERVAL_MS } from '../../lib/cable/connection-monitor';
import { applyAnsweringMessage, clearAnsweringAccounts, type DraftStore } from './question-draft';
import type { AnsweringMessage, CableReport } from './types';

export interface QuestionChannel {
  answering(): void;
  cancelAnswering(): void;
  leave(): void;
}

export interface ChannelOptions {
  consumer: Consumer;
  questionId: number;
  draft: DraftStore;
  report: (error: CableReport) => void;
  intervalMs?: number;
}

export function joinQuestionChannel({
  consumer,
  questionId,
  draft,
  report,
  intervalMs,
}: ChannelOptions): QuestionChannel {
  let left = false;
  const clear = () => draft.set(clearAnsweringAccounts);
  const subscription = consumer.subscriptions.create(
    { channel: 'QuestionChannel', id: questionId },
    {
      received(data) {
        draft.set((d) => applyAnsweringMessage(d, data as AnsweringMessage));
      },
      disconnected() {
        clear();
        if (!left) report('disconnected');
      },
      rejected() {
        clear();
        if (!left) report('rejected');
      },
    },
  );
  const monitor = createConnectionMonitor(
    () => consumer.connection.isOpen(),
    report,
    intervalMs ?? MONITOR_INTERVAL_MS,
  );
  monitor.start();
  return {
    answering: () => void subscription.perform('answering'),
    cancelAnswering: () => void subscription.perform('cancel_answering'),
    leave() {
      if (left) return;
      left = true;
      monitor.stop();
      subscription.unsubscribe();
      consumer.disconnect();
      clear();
    },
  };
}
