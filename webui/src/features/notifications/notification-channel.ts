// NotificationChannel (docs/notifications.md "Live"): no params, the account is the
// connection's. Every message is parsed and handed on; anything else is ignored. The frame's
// shared consumer is injected (lib/cable/channel.ts).
import { joinChannel, type ChannelProblem, type JoinedChannel } from '../../lib/cable/channel';
import type { Consumer } from '../../lib/cable/consumer';
import { parseNotificationMessage, type NotificationMessage } from '../../lib/notification-bus';

export interface NotificationChannelOptions {
  consumer: Consumer;
  onMessage: (message: NotificationMessage) => void;
  report: (problem: ChannelProblem) => void;
}

export function joinNotificationChannel({ consumer, onMessage, report }: NotificationChannelOptions): JoinedChannel {
  return joinChannel({
    consumer,
    params: { channel: 'NotificationChannel' },
    parse: parseNotificationMessage,
    onMessage,
    report,
  });
}
