import { PageHeading } from '../../../components/page-heading';

// Graduate home (/events). The event list arrives with the events issue.
export function Component() {
  return <PageHeading title="イベント" />;
}
