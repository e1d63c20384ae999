// One channel subscription, the shape every feature's channel shares: each message goes through
// the channel's parser (anything it refuses is ignored), a (re)connection and a lost or refused
// subscription are reported, and leave() unsubscribes once and silences every callback (a
// channel whose consumer is its own disconnects it too). The consumer is injected so the logic
// is testable.
import type { Consumer } from './consumer';

export type ChannelProblem = 'disconnected' | 'rejected';

export interface ChannelOptions<M> {
  consumer: Consumer;
  params: { channel: string } & Record<string, unknown>;
  parse: (data: unknown) => M | null;
  onMessage: (message: M) => void;
  /** Every (re)connection: what was sent meanwhile is lost, so a page refetches. */
  onConnected?: () => void;
  report: (problem: ChannelProblem) => void;
  /** The consumer is this channel's alone: leave() disconnects it too. */
  ownsConsumer?: boolean;
}

export interface JoinedChannel {
  leave(): void;
}

export function joinChannel<M>(options: ChannelOptions<M>): JoinedChannel {
  const { consumer, params, parse, onMessage, onConnected, report, ownsConsumer = false } = options;
  let left = false;
  const subscription = consumer.subscriptions.create(params, {
    connected() {
      if (!left) onConnected?.();
    },
    received(data) {
      const message = parse(data);
      if (message !== null && !left) onMessage(message);
    },
    disconnected() {
      if (!left) report('disconnected');
    },
    rejected() {
      if (!left) report('rejected');
    },
  });
  return {
    leave() {
      if (left) return;
      left = true;
      subscription.unsubscribe();
      if (ownsConsumer) consumer.disconnect();
    },
  };
}
