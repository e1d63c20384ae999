import { describe, expect, it } from 'vitest';
import type { Role } from '../lib/api-types';
import { account } from '../test/api-mock';
import { decideAccess, decideGuestOnly, decideIndex } from './access';

const allRoles: Role[] = [
  'admin',
  'basic_mentor',
  'advanced_mentor',
  'spot_advanced_mentor',
  'student',
  'graduate',
  'trial',
];
const as = (role: Role) => account({ role, course: role === 'student' ? account().course : null });

describe('login guard', () => {
  it('sends visitors without an account to /login?authorized=false remembering the path', () => {
    expect(decideAccess(null, '/students', 'login')).toEqual({
      kind: 'redirect',
      to: '/login?authorized=false&redirect=%2Fstudents',
    });
  });

  it.each(allRoles.filter((r) => r !== 'graduate'))('lets %s in', (role) => {
    expect(decideAccess(as(role), '/curriculums', 'login')).toEqual({ kind: 'allow' });
  });
});

describe('graduate guard', () => {
  it.each(['/', '/mypage', '/curriculums', '/students', '/dashboards', '/events/new'])(
    'forces a graduate from %s to /events',
    (path) => {
      expect(decideAccess(as('graduate'), path, 'login')).toEqual({ kind: 'redirect', to: '/events' });
    },
  );

  it('lets a graduate see /events', () => {
    expect(decideAccess(as('graduate'), '/events', 'login')).toEqual({ kind: 'allow' });
  });
});

describe('admin-only guard', () => {
  it('allows admin', () => expect(decideAccess(as('admin'), '/dashboards', 'admin')).toEqual({ kind: 'allow' }));
  it.each(['basic_mentor', 'advanced_mentor', 'spot_advanced_mentor', 'student', 'trial'] as Role[])(
    'shows 404 to %s',
    (role) => expect(decideAccess(as(role), '/dashboards', 'admin')).toEqual({ kind: 'notFound' }),
  );
});

describe('admin-or-mentor guard', () => {
  it.each(['admin', 'basic_mentor', 'advanced_mentor', 'spot_advanced_mentor'] as Role[])('allows %s', (role) => {
    expect(decideAccess(as(role), '/students', 'adminOrMentor')).toEqual({ kind: 'allow' });
  });
  it.each(['student', 'trial'] as Role[])('shows 404 to %s', (role) => {
    expect(decideAccess(as(role), '/students', 'adminOrMentor')).toEqual({ kind: 'notFound' });
  });
  it('shows 404 to a U29 student', () => {
    const u29 = account({ course: { code: 'u29', name: 'Railsキャリアコース（U29）', months: 3 } });
    expect(decideAccess(u29, '/students', 'adminOrMentor')).toEqual({ kind: 'notFound' });
  });
});

describe('index and guest-only pages', () => {
  it.each([
    ['admin', '/dashboards'],
    ['student', '/mypage'],
    ['basic_mentor', '/students'],
    ['advanced_mentor', '/students'],
    ['spot_advanced_mentor', '/students'],
    ['trial', '/curriculums'],
    ['graduate', '/events'],
  ] as [Role, string][])('sends %s to %s', (role, home) => {
    expect(decideIndex(as(role))).toEqual({ kind: 'redirect', to: home });
  });

  it('sends a logged-in user away from /login to /', () => {
    expect(decideGuestOnly(true)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideGuestOnly(false)).toEqual({ kind: 'allow' });
  });
});

describe('events guard', () => {
  const u29 = account({ course: { code: 'u29', name: 'Railsキャリアコース（U29）', months: 4 } });

  it.each(['admin', 'student', 'graduate'] as Role[])('lets %s see /events', (role) => {
    expect(decideAccess(as(role), '/events', 'events')).toEqual({ kind: 'allow' });
  });

  it.each(['basic_mentor', 'advanced_mentor', 'spot_advanced_mentor', 'trial'] as Role[])('shows %s a 404', (role) => {
    expect(decideAccess(as(role), '/events', 'events')).toEqual({ kind: 'notFound' });
  });

  it('shows a U29 student a 404', () => {
    expect(decideAccess(u29, '/events', 'events')).toEqual({ kind: 'notFound' });
  });
});

describe('questionnaire guard (docs/questionnaires.md "Web app")', () => {
  const path = '/subsidy/questionnaire/post-job-change-questionnaire';
  it.each(['student', 'graduate', 'admin'] as Role[])('lets %s in', (role) => {
    expect(decideAccess(as(role), path, 'questionnaire')).toEqual({ kind: 'allow' });
  });
  it.each(['basic_mentor', 'advanced_mentor', 'spot_advanced_mentor', 'trial'] as Role[])('shows 404 to %s', (role) => {
    expect(decideAccess(as(role), path, 'questionnaire')).toEqual({ kind: 'notFound' });
  });
  it('keeps a graduate on the questionnaires (post-job-change and follow-up are theirs), nowhere else', () => {
    expect(decideAccess(as('graduate'), '/subsidy/questionnaire/complete', 'login')).toEqual({ kind: 'allow' });
    expect(decideAccess(as('graduate'), '/subsidy/questionnaires', 'login')).toEqual({
      kind: 'redirect',
      to: '/events',
    });
  });
});

describe('two-factor enrolment', () => {
  it('sends a required role without two-factor login to /two-factor/setup from every guard', () => {
    const admin = account({ role: 'admin', course: null, two_factor_required: true, two_factor_enabled: false });
    for (const rule of ['login', 'admin', 'adminOrMentor'] as const)
      expect(decideAccess(admin, '/students', rule)).toEqual({ kind: 'redirect', to: '/two-factor/setup' });
    expect(decideIndex(admin)).toEqual({ kind: 'redirect', to: '/two-factor/setup' });
  });

  it('lets it through once enrolled, and never asks roles that do not require it', () => {
    const enrolled = account({ role: 'admin', course: null, two_factor_required: true, two_factor_enabled: true });
    expect(decideAccess(enrolled, '/students', 'admin')).toEqual({ kind: 'allow' });
    expect(decideAccess(account(), '/mypage', 'login')).toEqual({ kind: 'allow' });
  });
});
