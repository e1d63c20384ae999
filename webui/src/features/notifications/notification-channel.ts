// NotificationChannel (docs/notifications.md "Live"): no params, the account is the
// connection's. Every message is parsed and handed on; anything else is ignored. The consumer
// is injected so the logic is testable.
import type { Consumer } from '../../lib/cable/consumer';
import { parseNotificationMessage, type NotificationMessage } from '../../lib/notification-bus';

export interface NotificationChannelOptions {
  consumer: Consumer;
  onMessage: (message: NotificationMessage) => void;
  report: (problem: 'disconnected' | 'rejected') => void;
}

export function joinNotificationChannel({ consumer, onMessage, report }: NotificationChannelOptions) {
  let left = false;
  const subscription = consumer.subscriptions.create(
    { channel: 'NotificationChannel' },
    {
      received(data) {
        const message = parseNotificationMessage(data);
        if (message && !left) onMessage(message);
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
    },
  };
}
