// The parts of @rails/actioncable (no bundled types) that the channels use (lib/cable/consumer.ts).
declare module '@rails/actioncable' {
  export interface Subscription {
    perform(action: string, data?: Record<string, unknown>): boolean;
    unsubscribe(): void;
  }
  export interface SubscriptionCallbacks {
    connected?(): void;
    disconnected?(data?: { willAttemptReconnect?: boolean }): void;
    rejected?(): void;
    received?(data: unknown): void;
  }
  export interface Consumer {
    subscriptions: { create(params: Record<string, unknown>, callbacks: SubscriptionCallbacks): Subscription };
    connection: { isOpen(): boolean };
    disconnect(): void;
  }
  export function createConsumer(url?: string): Consumer;
}
