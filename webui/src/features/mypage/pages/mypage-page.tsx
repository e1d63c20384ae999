import { PageHeading } from '../../../components/page-heading';

// Student home (/mypage). Its content arrives with the my page issue.
export function Component() {
  return <PageHeading title="ダッシュボード" />;
}
