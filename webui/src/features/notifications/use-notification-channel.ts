import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../../lib/auth-token';
import { acquireSharedConsumer } from '../../lib/cable/consumer';
import { publishNotificationMessage } from '../../lib/notification-bus';
import { applyUnread } from './api/mark-read';
import { joinNotificationChannel } from './notification-channel';

// The frame's one NotificationChannel subscription (on the app's shared consumer): keeps the
// query cache in step and publishes each message on the app's bus (lib/notification-bus.ts).
// Every message carries the counts (the bell, the tabs) and changes what the lists hold: a new
// one, some read elsewhere, or a reconnection after which anything may have happened (the
// `unread` message: catch-up), so the lists load again.
export function useNotificationChannel(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!enabled || !token) return undefined;
    const shared = acquireSharedConsumer(token);
    const joined = joinNotificationChannel({
      consumer: shared.consumer,
      onMessage(message) {
        applyUnread(queryClient, message.unread);
        publishNotificationMessage(message);
      },
      report: (problem) => console.warn(`NotificationChannel: ${problem}`),
    });
    return () => {
      joined.leave();
      shared.release();
    };
  }, [enabled, queryClient]);
}
