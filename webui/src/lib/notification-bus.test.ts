import { describe, expect, it, vi } from 'vitest';
import type { Consumer } from './cable/consumer';
import { acquireSharedConsumer } from './cable/consumer';
import {
  parseNotificationMessage,
  publishNotificationMessage,
  subscribeNotificationMessages,
  type NotificationMessage,
} from './notification-bus';

const unread = { total: 3, by_category: { review: 1, question: 2, event: 0, student: 0, announcement: 0 } };
const notification = {
  id: 5,
  category: 'review',
  kind: 'review.created',
  title: 'メンターさんが「HTML の基本」を合格にしました',
  body: '',
  link: '/curriculums/html#task-3',
  actor: null,
  read: false,
  read_at: null,
  created_at: '2026-11-20T01:00:00Z',
};

describe('NotificationChannel messages', () => {
  it('parses the three kinds', () => {
    expect(parseNotificationMessage({ type: 'unread', unread })).toEqual({ type: 'unread', unread });
    expect(parseNotificationMessage({ type: 'created', notification, unread })).toEqual({
      type: 'created',
      notification,
      unread,
    });
    expect(parseNotificationMessage({ type: 'read', ids: [5, 6], unread })).toEqual({
      type: 'read',
      ids: [5, 6],
      category: null,
      unread,
    });
    expect(parseNotificationMessage({ type: 'read', category: 'question', unread })).toEqual({
      type: 'read',
      ids: null,
      category: 'question',
      unread,
    });
  });

  it('ignores what is not one of them', () => {
    expect(parseNotificationMessage(null)).toBeNull();
    expect(parseNotificationMessage('unread')).toBeNull();
    expect(parseNotificationMessage({ type: 'unread' })).toBeNull();
    expect(
      parseNotificationMessage({ type: 'unread', unread: { total: -1, by_category: unread.by_category } }),
    ).toBeNull();
    expect(parseNotificationMessage({ type: 'unread', unread: { total: 1, by_category: {} } })).toBeNull();
    expect(parseNotificationMessage({ type: 'created', unread })).toBeNull();
    expect(
      parseNotificationMessage({ type: 'created', notification: { ...notification, category: 'x' }, unread }),
    ).toBeNull();
    expect(parseNotificationMessage({ type: 'deleted', unread })).toBeNull();
  });

  it('the bus hands each message to every listener until it unsubscribes', () => {
    const a: NotificationMessage[] = [];
    const b: NotificationMessage[] = [];
    const stopA = subscribeNotificationMessages((m) => a.push(m));
    const stopB = subscribeNotificationMessages((m) => b.push(m));
    publishNotificationMessage({ type: 'unread', unread });
    stopA();
    publishNotificationMessage({ type: 'read', ids: [5], category: null, unread });
    stopB();
    publishNotificationMessage({ type: 'unread', unread });
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(2);
  });
});

describe('shared consumer', () => {
  const fake = () => ({ disconnect: vi.fn() }) as unknown as Consumer & { disconnect: ReturnType<typeof vi.fn> };

  it('one consumer for every holder; the last release disconnects it', () => {
    const made: ReturnType<typeof fake>[] = [];
    const create = () => {
      const c = fake();
      made.push(c);
      return c;
    };
    const one = acquireSharedConsumer('t1', create);
    const two = acquireSharedConsumer('t1', create);
    expect(two.consumer).toBe(one.consumer);
    expect(made).toHaveLength(1);
    one.release();
    one.release(); // twice: counted once
    expect(made[0]?.disconnect).not.toHaveBeenCalled();
    two.release();
    expect(made[0]?.disconnect).toHaveBeenCalledOnce();
    const three = acquireSharedConsumer('t1', create);
    expect(made).toHaveLength(2);
    three.release();
  });

  it('another token (a new login) replaces the consumer', () => {
    const made: ReturnType<typeof fake>[] = [];
    const create = () => {
      const c = fake();
      made.push(c);
      return c;
    };
    const old = acquireSharedConsumer('old', create);
    const next = acquireSharedConsumer('new', create);
    expect(made[0]?.disconnect).toHaveBeenCalledOnce();
    expect(next.consumer).toBe(made[1]);
    old.release(); // the old holder's release leaves the new consumer alone
    expect(made[1]?.disconnect).not.toHaveBeenCalled();
    next.release();
    expect(made[1]?.disconnect).toHaveBeenCalledOnce();
  });
});
