// The route table. Guards are plain loaders (they run while the route's chunk downloads);
// every page and page layout is its own lazy chunk. Screens of later issues are listed in
// docs/webui.md and are added here by those issues.
import type { RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from '../components/route-error-page';
import * as Layouts from '../layouts/content-layouts';
import { lazyModule } from './chunk-reload';
import { guard, guestOnlyLoader, indexLoader } from './guards';
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
  curriculums: lazyModule(
    () => import(/* webpackChunkName: "page-curriculums" */ '../features/curriculums/pages/curriculums-page'),
  ),
  questions: lazyModule(
    () => import(/* webpackChunkName: "page-questions" */ '../features/questions/pages/questions-page'),
  ),
  question: lazyModule(
    () => import(/* webpackChunkName: "page-question" */ '../features/questions/pages/question-page'),
  ),
  events: lazyModule(() => import(/* webpackChunkName: "page-events" */ '../features/events/pages/events-page')),
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
};

const layout = {
  account: lazyModule(() => import(/* webpackChunkName: "layout-account" */ '../layouts/account-layout')),
  newAuth: lazyModule(() => import(/* webpackChunkName: "layout-new-auth" */ '../layouts/new-auth-layout')),
  frame: lazyModule(() => import(/* webpackChunkName: "layout-new" */ '../layouts/new-layout')),
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
      {
        lazy: layout.newAuth,
        children: [
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
            children: [{ path: 'dashboards', lazy: page.dashboards }],
          },
          {
            loader: guard('adminOrMentor'),
            Component: Layouts.StudentLayout,
            ErrorBoundary: RouteErrorPage,
            children: [{ path: 'students', lazy: page.students }],
          },
          {
            loader: guard('login'),
            Component: Layouts.DefaultLayout,
            ErrorBoundary: RouteErrorPage,
            children: [
              { path: 'mypage', lazy: page.mypage },
              { path: 'curriculums', lazy: page.curriculums },
              { path: 'events', lazy: page.events },
              { path: 'questions', lazy: page.questions },
              { path: 'questions/:id', loader: validateParams({ id: 'id' }), lazy: page.question },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
