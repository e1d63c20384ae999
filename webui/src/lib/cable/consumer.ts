// The ActionCable consumer of /cable (the daemon's ActionCable-compatible websocket), for any
// feature's channel. The JWT goes in the query: browsers cannot set headers on a websocket.
import { createConsumer, type Consumer } from '@rails/actioncable';

export type { Consumer, Subscription, SubscriptionCallbacks } from '@rails/actioncable';

export const cableUrl = (token: string) => `/cable?token=${encodeURIComponent(token)}`;

export const createCableConsumer = (token: string): Consumer => createConsumer(cableUrl(token));
