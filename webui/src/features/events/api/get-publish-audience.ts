import { api, unwrap } from '../../../lib/api-client';

// How many people publishing an event mails now (admins; asked when 公開する is pressed).
export const getPublishAudience = () =>
  unwrap(api.GET('/api/v1/events/publish_audience')).then((answer) => answer.mail_recipients);
