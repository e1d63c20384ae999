import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading';

// Admin home (/dashboards). Its content arrives with the dashboards issue; the subsidy
// questionnaires' screen is linked already.
export function Component() {
  return (
    <>
      <PageHeading title="ダッシュボード" />
      <nav aria-label="管理メニュー">
        <Link to="/subsidy/questionnaires">助成金アンケートの回答状況</Link>
      </nav>
    </>
  );
}
