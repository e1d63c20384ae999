// ReviewQueueChannel (contract "/cable"): every change to the queue (a submission created,
// claimed, released or reviewed) arrives as {event, submission_id}; the page refetches. A
// (re)connection refetches too, since events sent while disconnected are lost. The consumer
// is injected so the logic is testable.
import type { Consumer } from '../../lib/cable/consumer';

export type QueueEventKind = 'created' | 'claimed' | 'released' | 'reviewed';

export interface QueueEvent {
  event: QueueEventKind;
  submission_id: number;
}

const kinds: readonly string[] = ['created', 'claimed', 'released', 'reviewed'];

export function parseQueueEvent(data: unknown): QueueEvent | null {
  const m = data as Partial<QueueEvent> | null;
  if (!m || typeof m !== 'object' || !kinds.includes(String(m.event))) return null;
  if (typeof m.submission_id !== 'number' || !Number.isSafeInteger(m.submission_id)) return null;
  return { event: m.event as QueueEventKind, submission_id: m.submission_id };
}

export interface QueueChannelOptions {
  consumer: Consumer;
  /** An event, or null after a (re)connection: refetch. */
  onChange: (event: QueueEvent | null) => void;
  report: (problem: 'disconnected' | 'rejected') => void;
}

export function joinReviewQueueChannel({ consumer, onChange, report }: QueueChannelOptions): { leave(): void } {
  let left = false;
  const subscription = consumer.subscriptions.create(
    { channel: 'ReviewQueueChannel' },
    {
      connected: () => onChange(null),
      received(data) {
        const event = parseQueueEvent(data);
        if (event) onChange(event);
      },
      disconnected() {
        if (!left) report('disconnected');
      },
      rejected() {
        if (!left) report('rejected');
      },
    },
  );
  return {
    leave() {
      if (left) return;
      left = true;
      subscription.unsubscribe();
      consumer.disconnect();
    },
  };
}
