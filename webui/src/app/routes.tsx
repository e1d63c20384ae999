// The route table. Guards are plain loaders (they run while the route's chunk downloads);
// every page and page layout is its own lazy chunk. docs/webui.md "Screens" lists them.
import type { RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from '../components/route-error-page';
import * as Layouts from '../layouts/content-layouts';
import { myPageQueryOptions } from '../features/mypage/api/get-mypage';
import { submissionsQueryOptions } from '../features/reviews/api/get-submissions';
import { parseQueueFilter } from '../features/reviews/queue-filter';
import { lazyModule } from './chunk-reload';
import { guard, guestOnlyLoader, indexLoader } from './guards';
import { prefetchLoader } from './prefetch';
import { InitialLoading, RootShell } from './root-shell';
import { validateParams } from './route-params';

const page = {
  login: lazyModule(() => import(/* webpackChunkName: "page-login" */ '../features/auth/pages/login-page')),
  ga: lazyModule(() => import(/* webpackChunkName: "page-ga" */ '../features/analytics/pages/ga-page')),
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

const layout = {
  account: lazyModule(() => import(/* webpackChunkName: "layout-account" */ '../layouts/account-layout')),
  newAuth: lazyModule(() => import(/* webpackChunkName: "layout-new-auth" */ '../layouts/new-auth-layout')),
  frame: lazyModule(() => import(/* webpackChunkName: "layout-new" */ '../layouts/new-layout')),
  aiChat: lazyModule(() => import(/* webpackChunkName: "layout-ai-chat" */ '../layouts/ai-chat-layout')),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: InitialLoading,
    children: [
      { lazy: layout.account, children: [{ path: 'login', loader: guestOnlyLoader, lazy: page.login }] },
      { lazy: layout.newAuth, children: [{ path: 'ga', lazy: page.ga }] },
      // Password reset and invitations: open to everyone, logged in or not (docs/webui.md).
      {
        lazy: layout.newAuth,
        children: [
          { path: 'reset-password', lazy: page.resetRequest },
          { path: 'reset-password/confirm', lazy: page.resetConfirm },
          { path: 'reset-password/complete', lazy: page.resetComplete },
          { path: 'reset-password/:token?/edit', lazy: page.resetEdit },
          { path: 'account/new/complete', lazy: page.invitationComplete },
          { path: 'account/new/:id?', lazy: page.invitationAccept },
          { path: 'in_house_mng_system/unsubscription-to-email/:id?', lazy: page.unsubscribeEmail },
          { path: 'unsubscribe-event-notifications/:id?', lazy: page.unsubscribeEvents },
          { path: 'unsubscribe-magazine/:id?', lazy: page.unsubscribeMagazine },
        ],
      },
      { index: true, loader: indexLoader, Component: InitialLoading },
      {
        id: 'frame',
        loader: guard('login'),
        lazy: layout.frame,
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            loader: guard('admin'),
            Component: Layouts.DashboardLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              { path: 'dashboards', lazy: page.dashboards },
              { path: 'students/import', lazy: page.studentImport },
            ],
          },
          {
            loader: guard('adminOrMentor'),
            Component: Layouts.StudentLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              { path: 'students', lazy: page.students },
              { path: 'students/:id', loader: validateParams({ id: 'id' }), lazy: page.student },
            ],
          },
          {
            loader: guard('adminOrMentor'),
            Component: Layouts.ReviewLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              {
                path: 'reviews',
                loader: prefetchLoader((url) => submissionsQueryOptions(parseQueueFilter(url.searchParams))),
                lazy: page.reviews,
              },
              {
                path: 'reviews/notes/:note',
                loader: validateParams({ note: 'reviewNote' }),
                lazy: page.reviewNote,
              },
            ],
          },
          {
            loader: guard('login'),
            Component: Layouts.DefaultLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              { path: 'mypage', loader: prefetchLoader(myPageQueryOptions), lazy: page.mypage },
              { path: 'notifications', lazy: page.notifications },
              { path: 'curriculums', lazy: page.curriculums },
              {
                path: 'curriculums/:name',
                loader: validateParams({ name: 'curriculum' }),
                lazy: page.curriculum,
              },
              { path: 'events', loader: guard('events'), lazy: page.events },
              {
                lazy: layout.aiChat,
                children: [
                  { path: 'questions', lazy: page.questions },
                  { path: 'questions/:id', loader: validateParams({ id: 'id' }), lazy: page.question },
                ],
              },
            ],
          },
          {
            loader: guard('admin'),
            Component: Layouts.EventFormLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              { path: 'events/new', lazy: page.eventNew },
              { path: 'events/confirm', lazy: page.eventConfirm },
              { path: 'events/:eventId/edit', loader: validateParams({ eventId: 'id' }), lazy: page.eventEdit },
            ],
          },
          // Subsidy questionnaires (docs/questionnaires.md "Web app"): students and graduates answer,
          // an admin reads one student's answer under …/{id}; the admin screen lists who owes what.
          {
            loader: guard('questionnaire'),
            Component: Layouts.DefaultLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              { path: 'subsidy/questionnaire/complete', lazy: page.questionnaireComplete },
              {
                path: 'subsidy/questionnaire/:questionnaire/conflict',
                loader: validateParams({ questionnaire: 'questionnaire' }),
                lazy: page.questionnaireConflict,
              },
              {
                path: 'subsidy/questionnaire/:questionnaire/:user_id?/confirm',
                loader: validateParams({ questionnaire: 'questionnaire', user_id: 'id' }),
                lazy: page.questionnaireConfirm,
              },
              {
                path: 'subsidy/questionnaire/:questionnaire/:id?',
                loader: validateParams({ questionnaire: 'questionnaire', id: 'id' }),
                lazy: page.questionnaireForm,
              },
            ],
          },
          {
            loader: guard('admin'),
            Component: Layouts.DashboardLayout,
            ErrorBoundary: RouteErrorPage,
            children: [{ path: 'subsidy/questionnaires', lazy: page.questionnaireAdmin }],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
