import { PageHeading } from '../../../components/page-heading';

// Admin home (/dashboards). Its content arrives with the dashboards issue.
export function Component() {
  return <PageHeading title="ダッシュボード" />;
}
