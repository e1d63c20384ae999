// The three unsubscribe pages of the spec and what each stops (docs/mail.md "Who receives what").
import { messages } from '../../lib/messages';

export type UnsubscribeTopic = 'school' | 'events' | 'magazine';

export const topicPages: Record<UnsubscribeTopic, { title: string; stops: string }> = {
  school: { title: 'メール配信の停止', stops: messages.unsubscribe_school_stops },
  events: { title: 'イベント通知の配信停止', stops: messages.unsubscribe_events_stops },
  magazine: { title: 'メールマガジンの配信停止', stops: messages.unsubscribe_magazine_stops },
};

// A signed id as the mails carry it: "<account id>.<tag>" (base64url). Anything else is not
// sent to the server at all.
export const looksLikeLinkId = (id: string | undefined): id is string =>
  !!id && /^[1-9][0-9]{0,17}\.[A-Za-z0-9_-]{1,64}$/.test(id);
