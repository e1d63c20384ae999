// ReviewQueueChannel (contract "/cable"): every change to the queue (a submission created,
// claimed, released or reviewed) arrives as {event, submission_id}; the page refetches. A
// (re)connection refetches too, since events sent while disconnected are lost. The consumer
// is injected (lib/cable/channel.ts).
import { joinChannel, type ChannelProblem, type JoinedChannel } from '../../lib/cable/channel';
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
  report: (problem: ChannelProblem) => void;
}

// The page's own consumer: leaving disconnects it.
export function joinReviewQueueChannel({ consumer, onChange, report }: QueueChannelOptions): JoinedChannel {
  return joinChannel({
    consumer,
    params: { channel: 'ReviewQueueChannel' },
    parse: parseQueueEvent,
    onMessage: onChange,
    onConnected: () => onChange(null),
    report,
    ownsConsumer: true,
  });
}
