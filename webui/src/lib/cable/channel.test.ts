// The one subscription shape every channel uses (lib/cable/channel.ts), against a consumer that
// records what the channel asked of it and hands back the callbacks it was given.
import { describe, expect, it, vi } from 'vitest';

import { joinChannel } from './channel';
import type { Consumer, SubscriptionCallbacks } from './consumer';

function fakeConsumer() {
  let callbacks: SubscriptionCallbacks = {};
  const subscription = { perform: vi.fn(() => true), unsubscribe: vi.fn() };
  const consumer = {
    subscriptions: {
      create: vi.fn((_params: Record<string, unknown>, cb: SubscriptionCallbacks) => {
        callbacks = cb;
        return subscription;
      }),
    },
    connection: { isOpen: () => true },
    disconnect: vi.fn(),
  };
  return { consumer: consumer as unknown as Consumer, fake: consumer, subscription, callbacks: () => callbacks };
}

const parseNumber = (data: unknown) => (typeof data === 'number' ? data : null);

describe('joinChannel', () => {
  it('subscribes with the params and hands on only what the parser accepts', () => {
    const c = fakeConsumer();
    const onMessage = vi.fn();
    joinChannel({ consumer: c.consumer, params: { channel: 'XChannel', id: 3 }, parse: parseNumber, onMessage, report: vi.fn() });
    expect(c.fake.subscriptions.create).toHaveBeenCalledWith({ channel: 'XChannel', id: 3 }, expect.anything());
    c.callbacks().received?.(7);
    c.callbacks().received?.('7');
    c.callbacks().received?.(null);
    c.callbacks().received?.(0); // a falsy message is still a message
    expect(onMessage.mock.calls).toEqual([[7], [0]]);
  });

  it('reports connections and problems until it is left, then nothing', () => {
    const c = fakeConsumer();
    const onMessage = vi.fn();
    const onConnected = vi.fn();
    const report = vi.fn();
    const channel = joinChannel({ consumer: c.consumer, params: { channel: 'XChannel' }, parse: parseNumber, onMessage, onConnected, report });
    c.callbacks().connected?.();
    c.callbacks().disconnected?.();
    c.callbacks().rejected?.();
    expect(onConnected).toHaveBeenCalledTimes(1);
    expect(report.mock.calls).toEqual([['disconnected'], ['rejected']]);
    channel.leave();
    channel.leave();
    expect(c.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(c.fake.disconnect).not.toHaveBeenCalled(); // a shared consumer stays
    c.callbacks().connected?.();
    c.callbacks().received?.(1);
    c.callbacks().disconnected?.();
    expect(onConnected).toHaveBeenCalledTimes(1);
    expect(onMessage).not.toHaveBeenCalled();
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('disconnects a consumer of its own when left, once', () => {
    const c = fakeConsumer();
    const channel = joinChannel({
      consumer: c.consumer,
      params: { channel: 'XChannel' },
      parse: parseNumber,
      onMessage: vi.fn(),
      report: vi.fn(),
      ownsConsumer: true,
    });
    channel.leave();
    channel.leave();
    expect(c.fake.disconnect).toHaveBeenCalledTimes(1);
  });
});
