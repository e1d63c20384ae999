import { PageHeading } from '../../../components/page-heading';

// Mentor home (/students). The student list arrives with the students issue.
export function Component() {
  return <PageHeading title="受講生管理" />;
}
