// The route table. Guards are plain loaders (they run while the route's chunk downloads);
// every page and page layout is its own lazy chunk. docs/webui.md "Screens" lists them.
import type { RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from '../components/route-error-page';
import * as Layouts from '../layouts/content-layouts';
import { myPageQueryOptions } from '../features/mypage/api/get-mypage';
import { submissionsQueryOptions } from '../features/reviews/api/get-submissions';
import { parseQueueFilter } from '../features/reviews/queue-filter';
import { guard, guestOnlyLoader, indexLoader, twoFactorSetupLoader } from './guards';
import { prefetchLoader } from './prefetch';
import { layout, page } from './route-modules';
import { InitialLoading, RootShell } from './root-shell';
import { validateParams } from './route-params';

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: InitialLoading,
    children: [
      { lazy: layout.account, children: [{ path: 'login', loader: guestOnlyLoader, lazy: page.login }] },
      { lazy: layout.newAuth, children: [{ path: 'ga', lazy: page.ga }] },
      {
        lazy: layout.newAuth,
        children: [{ path: 'two-factor/setup', loader: twoFactorSetupLoader, lazy: page.twoFactorSetup }],
      },
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
