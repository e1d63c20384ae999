// The lazy chunk of every page and page layout (routes.tsx). No React here: app/early-start.ts
// starts a landing page's chunks with these before React and the router evaluate.
import { lazyModule } from './chunk-reload';

export const page = {
  login: lazyModule(() => import(/* webpackChunkName: "page-login" */ '../features/auth/pages/login-page')),
  ga: lazyModule(() => import(/* webpackChunkName: "page-ga" */ '../features/analytics/pages/ga-page')),
  twoFactorSetup: lazyModule(
    () => import(/* webpackChunkName: "page-two-factor-setup" */ '../features/accounts/pages/two-factor-setup-page'),
  ),
  dashboards: lazyModule(
    () => import(/* webpackChunkName: "page-dashboards" */ '../features/dashboards/pages/dashboards-page'),
  ),
  mypage: lazyModule(() => import(/* webpackChunkName: "page-mypage" */ '../features/mypage/pages/mypage-page')),
  students: lazyModule(
    () => import(/* webpackChunkName: "page-students" */ '../features/students/pages/students-page'),
  ),
  student: lazyModule(() => import(/* webpackChunkName: "page-student" */ '../features/students/pages/student-page')),
  studentImport: lazyModule(
    () => import(/* webpackChunkName: "page-student-import" */ '../features/students/pages/import-page'),
  ),
  curriculums: lazyModule(
    () => import(/* webpackChunkName: "page-curriculums" */ '../features/curriculums/pages/curriculums-page'),
  ),
  questions: lazyModule(
    () => import(/* webpackChunkName: "page-questions" */ '../features/questions/pages/questions-page'),
  ),
  question: lazyModule(
    () => import(/* webpackChunkName: "page-question" */ '../features/questions/pages/question-page'),
  ),
  curriculum: lazyModule(
    () => import(/* webpackChunkName: "page-curriculum" */ '../features/curriculums/pages/curriculum-page'),
  ),
  reviews: lazyModule(() => import(/* webpackChunkName: "page-reviews" */ '../features/reviews/pages/reviews-page')),
  reviewNote: lazyModule(
    () => import(/* webpackChunkName: "page-review-note" */ '../features/reviews/pages/review-note-page'),
  ),
  notifications: lazyModule(
    () => import(/* webpackChunkName: "page-notifications" */ '../features/notifications/pages/notifications-page'),
  ),
  events: lazyModule(() => import(/* webpackChunkName: "page-events" */ '../features/events/pages/events-page')),
  resetRequest: lazyModule(
    () => import(/* webpackChunkName: "page-reset-request" */ '../features/password-reset/pages/request-page'),
  ),
  resetConfirm: lazyModule(
    () => import(/* webpackChunkName: "page-reset-confirm" */ '../features/password-reset/pages/confirm-page'),
  ),
  resetEdit: lazyModule(
    () => import(/* webpackChunkName: "page-reset-edit" */ '../features/password-reset/pages/edit-page'),
  ),
  resetComplete: lazyModule(
    () => import(/* webpackChunkName: "page-reset-complete" */ '../features/password-reset/pages/complete-page'),
  ),
  invitationAccept: lazyModule(
    () => import(/* webpackChunkName: "page-account-new" */ '../features/invitations/pages/accept-page'),
  ),
  invitationComplete: lazyModule(
    () => import(/* webpackChunkName: "page-account-new-complete" */ '../features/invitations/pages/complete-page'),
  ),
  eventNew: lazyModule(
    () => import(/* webpackChunkName: "page-event-new" */ '../features/events/pages/event-new-page'),
  ),
  eventEdit: lazyModule(
    () => import(/* webpackChunkName: "page-event-edit" */ '../features/events/pages/event-edit-page'),
  ),
  eventConfirm: lazyModule(
    () => import(/* webpackChunkName: "page-event-confirm" */ '../features/events/pages/event-confirm-page'),
  ),
  unsubscribeEmail: lazyModule(
    () =>
      import(/* webpackChunkName: "page-unsubscribe" */ '../features/mail-unsubscribe/pages/unsubscribe-email-page'),
  ),
  unsubscribeEvents: lazyModule(
    () =>
      import(/* webpackChunkName: "page-unsubscribe" */ '../features/mail-unsubscribe/pages/unsubscribe-events-page'),
  ),
  unsubscribeMagazine: lazyModule(
    () =>
      import(/* webpackChunkName: "page-unsubscribe" */ '../features/mail-unsubscribe/pages/unsubscribe-magazine-page'),
  ),
  questionnaireForm: lazyModule(
    () => import(/* webpackChunkName: "page-questionnaire-form" */ '../features/questionnaires/pages/form-page'),
  ),
  questionnaireConfirm: lazyModule(
    () => import(/* webpackChunkName: "page-questionnaire-confirm" */ '../features/questionnaires/pages/confirm-page'),
  ),
  questionnaireConflict: lazyModule(
    () => import(/* webpackChunkName: "page-questionnaire-done" */ '../features/questionnaires/pages/conflict-page'),
  ),
  questionnaireComplete: lazyModule(
    () => import(/* webpackChunkName: "page-questionnaire-done" */ '../features/questionnaires/pages/complete-page'),
  ),
  questionnaireAdmin: lazyModule(
    () => import(/* webpackChunkName: "page-questionnaires-admin" */ '../features/questionnaires/pages/admin-page'),
  ),
};

export const layout = {
  account: lazyModule(() => import(/* webpackChunkName: "layout-account" */ '../layouts/account-layout')),
  newAuth: lazyModule(() => import(/* webpackChunkName: "layout-new-auth" */ '../layouts/new-auth-layout')),
  frame: lazyModule(() => import(/* webpackChunkName: "layout-new" */ '../layouts/new-layout')),
  aiChat: lazyModule(() => import(/* webpackChunkName: "layout-ai-chat" */ '../layouts/ai-chat-layout')),
};
