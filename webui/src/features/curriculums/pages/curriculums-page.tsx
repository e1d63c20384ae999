import { PageHeading } from '../../../components/page-heading';

// Trial home (/curriculums). The curriculum list arrives with the curriculums issue.
export function Component() {
  return <PageHeading title="カリキュラム一覧" />;
}
