// Event shapes, named from the types generated out of daemon/openapi.yaml.
export type { CalendarFeed, EventItem, EventPage, EventTag, EventInput } from '../../lib/api-types';
