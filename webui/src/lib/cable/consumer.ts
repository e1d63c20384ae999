// The ActionCable consumer of /cable (the daemon's ActionCable-compatible websocket), for any
// feature's channel. The JWT goes in the query: browsers cannot set headers on a websocket.
import { createConsumer, type Consumer } from '@rails/actioncable';

export type { Consumer, Subscription, SubscriptionCallbacks } from '@rails/actioncable';

export const cableUrl = (token: string) => `/cable?token=${encodeURIComponent(token)}`;

export const createCableConsumer = (token: string): Consumer => createConsumer(cableUrl(token));

// The app's one long-lived consumer (NotificationChannel and any channel that lives as long as
// the frame): every holder acquires it and releases it; the last release disconnects. Another
// token (a new login) replaces it. The page channels (QuestionChannel, ...) keep their own.
let shared: { token: string; consumer: Consumer; holders: number } | null = null;

export function acquireSharedConsumer(token: string, create: (token: string) => Consumer = createCableConsumer) {
  if (shared && shared.token !== token) {
    shared.consumer.disconnect();
    shared = null;
  }
  shared ??= { token, consumer: create(token), holders: 0 };
  const held = shared;
  held.holders += 1;
  let released = false;
  return {
    consumer: held.consumer,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders === 0 && shared === held) {
        held.consumer.disconnect();
        shared = null;
      }
    },
  };
}
