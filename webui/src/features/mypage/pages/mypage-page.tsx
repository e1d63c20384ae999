import { PageHeading } from '../../../components/page-heading';
import { QuestionnaireTasks } from '../components/questionnaire-tasks';

// Student home (/mypage). Its content arrives with the my page issue; the subsidy
// questionnaires due now are listed already.
export function Component() {
  return (
    <>
      <PageHeading title="ダッシュボード" />
      <QuestionnaireTasks />
    </>
  );
}
