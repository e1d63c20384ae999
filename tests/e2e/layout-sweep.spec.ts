// Every page of every role at 1280×800 and 390×844 (layout-checks.ts): the document never
// scrolls sideways, no button or link is cut off, and axe finds no serious or critical WCAG 2.1 AA
// violation. One test per role (one browser context, one login); each page is loaded at the
// desktop size, checked, then narrowed to the phone size and checked again. With
// CAMP_SCREENSHOT_DIR set (scripts/screenshots), the pages marked `shot` are saved there too.
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, layoutFindings, PHONE, preloadAxe, settled } from './layout-checks';
import { demo, DEMO_PASSWORD, login } from './support';

interface Ids {
  student: number; // the demo student's record (/students/{id})
  question: number;
  curriculum: string;
  event: number;
  waitingSubmission: number;
  graduateAccount: number; // answered the pre-curriculum questionnaire
}

interface Visit {
  path: string | ((ids: Ids) => string);
  /** Opens what the page hides behind a click (a dialog) before the checks. */
  open?: (page: Page) => Promise<void>;
  /** docs/screenshots/<shot>.png (and <shot>-phone.png with `phone`) when refreshing them. */
  shot?: string;
  phone?: boolean;
}

const openDialog = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

// Every mentor level sees these; the advanced mentor's (who may review every task) are pictured.
const mentorPages = (shots: boolean): Visit[] => [
  { path: '/reviews', shot: shots ? 'mentor-reviews' : undefined, phone: true },
  {
    path: (ids) => `/reviews?status=all&submission=${ids.waitingSubmission}`,
    shot: shots ? 'mentor-review-dialog' : undefined,
  },
  { path: '/reviews/notes/rules-for-basic-mentors' },
  { path: '/students', shot: shots ? 'mentor-students' : undefined },
  { path: (ids) => `/students/${ids.student}`, shot: shots ? 'mentor-student' : undefined },
  { path: '/curriculums' },
  { path: (ids) => `/curriculums/${ids.curriculum}` },
  { path: '/questions' },
  { path: (ids) => `/questions/${ids.question}` },
  { path: '/notifications' },
];

const sweeps: { role: string; email?: string; visits: Visit[] }[] = [
  {
    role: 'guest',
    visits: [
      { path: '/login' },
      { path: '/reset-password' },
      { path: '/reset-password/not-a-token/edit' },
      { path: '/account/new' },
      { path: '/in_house_mng_system/unsubscription-to-email' },
      { path: '/ga' },
      { path: '/no-such-page' },
    ],
  },
  {
    role: 'admin (dashboards, students, questionnaires)',
    email: demo.admin,
    visits: [
      { path: '/dashboards', shot: 'admin-dashboards' },
      { path: '/students', shot: 'admin-students' },
      { path: (ids) => `/students/${ids.student}` },
      { path: '/students/import', shot: 'admin-student-import' },
      { path: '/subsidy/questionnaires', shot: 'admin-questionnaires' },
      { path: (ids) => `/subsidy/questionnaire/pre-curriculum-questionnaire/${ids.graduateAccount}` },
      { path: '/notifications' },
      { path: '/no-such-page' },
    ],
  },
  {
    role: 'admin (reviews, questions, curriculums, events)',
    email: demo.admin,
    visits: [
      { path: '/reviews?status=all' },
      { path: (ids) => `/reviews?status=all&submission=${ids.waitingSubmission}` },
      { path: '/reviews/notes/rules-for-advanced-mentors' },
      { path: '/questions' },
      { path: (ids) => `/questions/${ids.question}` },
      { path: '/curriculums' },
      { path: (ids) => `/curriculums/${ids.curriculum}` },
      { path: '/events', shot: 'admin-events' },
      { path: '/events?scope=drafts' },
      { path: '/events/new', shot: 'admin-event-form' },
      { path: (ids) => `/events/${ids.event}/edit` },
    ],
  },
  { role: 'advanced mentor', email: demo.advancedMentor, visits: mentorPages(true) },
  { role: 'basic mentor', email: demo.basicMentor, visits: mentorPages(false).slice(0, 5) },
  { role: 'spot mentor', email: demo.spotMentor, visits: mentorPages(false).slice(0, 5) },
  {
    role: 'student',
    email: demo.student,
    visits: [
      { path: '/mypage', shot: 'student-mypage', phone: true },
      { path: '/curriculums', shot: 'student-curriculums' },
      { path: (ids) => `/curriculums/${ids.curriculum}`, shot: 'student-curriculum', phone: true },
      { path: '/questions', shot: 'student-questions' },
      { path: '/questions', open: openDialog('質問する') },
      { path: (ids) => `/questions/${ids.question}`, shot: 'student-question' },
      { path: '/events', shot: 'student-events', phone: true },
      { path: '/events?scope=past' },
      { path: '/notifications', shot: 'student-notifications' },
      { path: '/subsidy/questionnaire/pre-curriculum-questionnaire', shot: 'student-questionnaire' },
    ],
  },
  {
    role: 'trial',
    email: demo.trial,
    visits: [
      { path: '/curriculums', shot: 'trial-curriculums' },
      { path: (ids) => `/curriculums/${ids.curriculum}` },
      { path: '/questions' },
      { path: (ids) => `/questions/${ids.question}` },
      { path: '/notifications' },
    ],
  },
  {
    role: 'graduate',
    email: demo.graduate,
    visits: [
      { path: '/events', shot: 'graduate-events', phone: true },
      { path: '/subsidy/questionnaire/post-job-change-questionnaire' },
      { path: '/subsidy/questionnaire/pre-curriculum-questionnaire/conflict' },
      { path: '/notifications' },
    ],
  },
];

async function get<T>(request: APIRequestContext, jwt: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${jwt}` } });
  expect(response.ok(), url).toBe(true);
  return (await response.json()) as T;
}

// The demo records the pages with an id need, read through the API as the admin.
async function demoIds(request: APIRequestContext): Promise<Ids> {
  const token = await request.post('/api/v1/account_token', {
    data: { auth: { email: demo.admin, password: DEMO_PASSWORD } },
  });
  const { jwt } = (await token.json()) as { jwt: string };
  type List<T> = { data: T[] };
  const [students, questions, curriculums, events, waiting, answered] = await Promise.all([
    get<List<{ id: number }>>(request, jwt, `/api/v1/students?q=${encodeURIComponent(demo.student)}`),
    get<List<{ id: number }>>(request, jwt, '/api/v1/questions'),
    get<List<{ name: string }>>(request, jwt, '/api/v1/curriculums'),
    get<List<{ id: number }>>(request, jwt, '/api/v1/events'),
    get<List<{ id: number }>>(request, jwt, '/api/v1/submissions?status=waiting'),
    get<List<{ account_id: number; email: string }>>(
      request,
      jwt,
      '/api/v1/questionnaires/status?kind=pre-curriculum&state=answered',
    ),
  ]);
  const graduate = answered.data.find((row) => row.email === demo.graduate);
  expect(graduate, 'the demo graduate answered the pre-curriculum questionnaire').toBeDefined();
  return {
    student: students.data[0]!.id,
    question: questions.data[0]!.id,
    curriculum: curriculums.data[0]!.name,
    event: events.data[0]!.id,
    waitingSubmission: waiting.data[0]!.id,
    graduateAccount: graduate!.account_id,
  };
}

const shotDir = process.env.CAMP_SCREENSHOT_DIR;

// Findings are read again for a while before they count: on a loaded machine axe can catch a
// button mid-transition (its colours half-way), which a person never sees settle, and one axe
// run can itself take seconds. A real finding stays and fails.
const softExpect = expect.configure({ soft: true });
const noFindings = (page: Page, where: string) =>
  softExpect.poll(() => layoutFindings(page), { message: where, timeout: 20_000 }).toEqual([]);

for (const sweep of sweeps) {
  test(`every page of ${sweep.role} at 1280 and 390 px`, async ({ page, request }) => {
    test.setTimeout(40_000 * sweep.visits.length);
    const ids = await demoIds(request);
    await preloadAxe(page);
    if (sweep.email) await login(page, sweep.email);
    for (const visit of sweep.visits) {
      const url = typeof visit.path === 'string' ? visit.path : visit.path(ids);
      await test.step(url, async () => {
        await page.setViewportSize(DESKTOP);
        await page.goto(url);
        await settled(page);
        await visit.open?.(page);
        await settled(page);
        if (shotDir && visit.shot) await page.screenshot({ path: path.join(shotDir, `${visit.shot}.png`) });
        await noFindings(page, `${url} at ${DESKTOP.width} px`);

        await page.setViewportSize(PHONE);
        await settled(page);
        if (shotDir && visit.shot && visit.phone)
          await page.screenshot({ path: path.join(shotDir, `${visit.shot}-phone.png`) });
        await noFindings(page, `${url} at ${PHONE.width} px`);
      });
    }
  });
}
