// The authorization matrix: every route × every role (and anonymous) → expected status.
//
// ONE table, MATRIX below. Every route is a row. A row:
//   method, path    path may use {self} (the caller's own account id), {other} (a student
//                   account that is nobody's caller), {upload} (a file uploaded in setup)
//   body(ctx, role) optional: {json} or {form} for the request body (a valid one: the matrix
//                   tests who may call, not validation)
//   session         'fresh' when the route ends the caller's session (logout): a new login per cell
//   expect          {role: status} for every role in ROLES
//
// All callers are accounts created for this file (one per role), never the demo accounts.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { api, createAccount, login, uniqueEmail, uploadForm } from './lib/client.mjs';
import { png } from './lib/images.mjs';
import { freshAddress } from './lib/client.mjs';
import { invitationId, resetToken } from './lib/mailbox.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, importTestCurriculum } from './lib/curriculum.mjs';
import { demoToken } from './lib/client.mjs';

const ROLES = ['admin', 'basic_mentor', 'advanced_mentor', 'spot_advanced_mentor', 'student', 'u29', 'graduate', 'trial', 'anonymous'];

const ACCOUNTS = {
  admin: { role: 'admin' },
  basic_mentor: { role: 'basic_mentor' },
  advanced_mentor: { role: 'advanced_mentor' },
  spot_advanced_mentor: { role: 'spot_advanced_mentor' },
  student: { role: 'student', course: 'rails_4m' },
  u29: { role: 'student', course: 'u29' },
  graduate: { role: 'graduate', course: 'rails_4m' },
  trial: { role: 'trial' },
};

/** {every role: status}, with exceptions. */
function all(status, exceptions = {}) {
  const out = Object.fromEntries(ROLES.map((r) => [r, status]));
  return { ...out, ...exceptions };
}
const LOGGED_IN = (status, exceptions = {}) => all(status, { anonymous: 401, ...exceptions });
const ADMIN_ONLY = (status) => all(403, { admin: status, anonymous: 401 });
// Events: who has them at all (the rest get 404), and the admin-only rows (403 to members).
const EVENTS = (status, exceptions = {}) =>
  all(404, { admin: status, student: status, graduate: status, anonymous: 401, ...exceptions });
const EVENTS_ADMIN = (status) => EVENTS(403, { admin: status });

const MATRIX = [
  // --- sessions, accounts, uploads, service endpoints -----------------------------------------
  {
    method: 'POST', path: '/api/v1/account_token',
    body: (ctx) => ({ json: { auth: { email: ctx.other.email, password: ctx.other.password } } }),
    expect: all(201),
  },
  { method: 'DELETE', path: '/api/v1/account_token', session: 'fresh', expect: LOGGED_IN(204) },
  { method: 'GET', path: '/api/v1/accounts', expect: ADMIN_ONLY(200) },
  { method: 'GET', path: '/api/v1/accounts/me', expect: LOGGED_IN(200) },
  {
    method: 'PATCH', path: '/api/v1/accounts/{self}',
    body: (ctx, role) => ({ json: { account: { nickname__c: `${role} 本人`, personemail: (ctx.self(role) ?? ctx.other).email, account_image_01__c: null } } }),
    expect: LOGGED_IN(200),
  },
  {
    method: 'PATCH', path: '/api/v1/accounts/{other}',
    body: (ctx, role) => ({ json: { account: { nickname__c: `${role} が変更`, personemail: ctx.other.email, account_image_01__c: null } } }),
    expect: ADMIN_ONLY(200),
  },
  // A deletion request: a blank reason keeps {other} as it is (the admin's cell is 422).
  { method: 'POST', path: '/api/v1/accounts/{other}/anonymisation', body: () => ({ json: { reason: ' ' } }), expect: ADMIN_ONLY(422) },
  // Two-factor login: every account may enrol (none is required in config/test.yaml). A malformed
  // code is refused before it counts as an attempt, so these rows throttle nobody.
  { method: 'GET', path: '/api/v1/accounts/me/two_factor', expect: LOGGED_IN(200) },
  { method: 'POST', path: '/api/v1/accounts/me/two_factor', expect: LOGGED_IN(201) },
  { method: 'POST', path: '/api/v1/accounts/me/two_factor/confirmation', body: () => ({ json: { code: 'x' } }), expect: LOGGED_IN(422) },
  { method: 'DELETE', path: '/api/v1/accounts/me/two_factor', body: () => ({ json: { code: 'x' } }), expect: LOGGED_IN(422) },
  { method: 'POST', path: '/api/v1/sessions/two_factor', body: () => ({ json: { challenge: 'none', code: '123456' } }), expect: all(401) },
  // "My data": every account asks for its own (once a day) and downloads only its own.
  { method: 'POST', path: '/api/v1/accounts/me/data_exports', expect: LOGGED_IN(202) },
  { method: 'GET', path: '/api/v1/accounts/me/data_exports', expect: LOGGED_IN(200) },
  { method: 'GET', path: '/api/v1/accounts/me/data_exports/999999999/download', expect: LOGGED_IN(404) },
  // Personal access tokens: every account manages its own (docs/tokens.md); another's id is a 404.
  { method: 'GET', path: '/api/v1/accounts/me/tokens', expect: LOGGED_IN(200) },
  {
    method: 'POST', path: '/api/v1/accounts/me/tokens',
    body: (c, role) => ({ json: { token: { name: `${role} の自動化`, scopes: ['read'], expires_in_days: 7 } } }),
    expect: LOGGED_IN(201),
  },
  { method: 'DELETE', path: '/api/v1/accounts/me/tokens/999999999', expect: LOGGED_IN(404) },
  { method: 'POST', path: '/api/v1/file_upload', body: () => ({ form: uploadForm(png()) }), expect: LOGGED_IN(201, { trial: 403 }) },
  { method: 'GET', path: '{upload}', expect: all(200) },
  { method: 'GET', path: '/api/v1/site', expect: all(200) },
  { method: 'GET', path: '/server-version.json', expect: all(200) },
  { method: 'GET', path: '/healthz', expect: all(200) },
  { method: 'GET', path: '/readyz', expect: all(200) },
  { method: 'GET', path: '/metrics', expect: all(200) },
  { method: 'GET', path: '/students/12', expect: all(200) },

  // --- question box (graduates have none) -----------------------------------------------------
  // {id} comes from the row's prepare(ctx): a fresh object owned by ctx.other (a student who is
  // nobody's caller), so each cell acts on its own question or answer.
  { method: 'GET', path: '/api/v1/categories', expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'POST', path: '/api/v1/categories', body: (c, role) => ({ json: { category: { name: `matrix ${role} ${Date.now()}` } } }), expect: ADMIN_ONLY(201) },
  {
    method: 'PATCH', path: '/api/v1/categories/{id}', prepare: freshCategory,
    body: (c, role) => ({ json: { category: { name: `matrix 改 ${role} ${Date.now()}` } } }), expect: ADMIN_ONLY(200),
  },
  { method: 'DELETE', path: '/api/v1/categories/{id}', prepare: freshCategory, expect: ADMIN_ONLY(204) },
  { method: 'GET', path: '/api/v1/questions', expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'POST', path: '/api/v1/questions', body: (c, role) => ({ json: { question: { category_id: c.categoryId, title: `${role} の質問`, body: '' } } }), expect: LOGGED_IN(201, { graduate: 403 }) },
  { method: 'GET', path: '/api/v1/questions/{id}', prepare: freshQuestion, expect: LOGGED_IN(200, { graduate: 403 }) },
  {
    method: 'PATCH', path: '/api/v1/questions/{id}', prepare: freshQuestion,
    body: (c, role) => ({ json: { question: { title: `${role} が書き換え` } } }), expect: ADMIN_ONLY(200),
  },
  {
    method: 'PATCH', path: '/api/v1/questions/{id}', prepare: freshQuestion, label: 'pick up',
    body: () => ({ json: { question: { is_pick_up: true } } }),
    expect: LOGGED_IN(403, { admin: 200, basic_mentor: 200, advanced_mentor: 200, spot_advanced_mentor: 200 }),
  },
  { method: 'DELETE', path: '/api/v1/questions/{id}', prepare: freshQuestion, expect: ADMIN_ONLY(204) },
  {
    method: 'POST', path: '/api/v1/questions/{id}/answers', prepare: freshQuestion,
    body: (c, role) => ({ json: { answer: { body: `${role} の回答` } } }), expect: LOGGED_IN(201, { graduate: 403 }),
  },
  {
    method: 'PUT', path: '/api/v1/questions/{id}/solution', prepare: freshAnswer,
    body: (c, role, vars) => ({ json: { answer_id: vars.answerId } }),
    expect: LOGGED_IN(403, { admin: 200, basic_mentor: 200, advanced_mentor: 200, spot_advanced_mentor: 200 }),
  },
  {
    method: 'DELETE', path: '/api/v1/questions/{id}/solution', prepare: freshQuestion,
    expect: LOGGED_IN(403, { admin: 200, basic_mentor: 200, advanced_mentor: 200, spot_advanced_mentor: 200 }),
  },
  {
    method: 'PATCH', path: '/api/v1/answers/{answer}', prepare: freshAnswer,
    body: (c, role) => ({ json: { answer: { body: `${role} が書き換え` } } }), expect: ADMIN_ONLY(200),
  },
  { method: 'DELETE', path: '/api/v1/answers/{answer}', prepare: freshAnswer, expect: ADMIN_ONLY(204) },
  {
    method: 'POST', path: '/api/v1/questions/action_cable_logger',
    body: () => ({ json: { id: 1, error: 'failed first connection' } }), expect: LOGGED_IN(204, { graduate: 403 }),
  },

  // --- the AI chat's conversations (the demo student's, from the demo seed) -------------------
  {
    method: 'POST', path: '/api/v1/ai_chat/action_cable_logger',
    body: () => ({ json: { id: 1, error: 'failed first connection' } }), expect: LOGGED_IN(204, { graduate: 403 }),
  },
  { method: 'GET', path: '/api/v1/ai_chat/conversations', expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'GET', path: '/api/v1/ai_chat/conversations?account_id={other}', label: "someone else's", expect: LOGGED_IN(403, { admin: 200 }) },
  {
    method: 'GET', path: '/api/v1/ai_chat/conversations/{id}', prepare: demoConversation,
    expect: LOGGED_IN(404, { admin: 200, graduate: 403 }),
  },

  // --- password reset and invitations (the link's id is the authority, not a session) ---------
  // {id} is a fresh reset token or invitation id from the outbox (tests/api/lib/mailbox.mjs).
  { method: 'POST', path: '/api/v1/password_resets', body: () => ({ json: { password_reset: { email: uniqueEmail('matrix-reset') } } }), expect: all(202) },
  { method: 'GET', path: '/api/v1/password_resets/{id}', prepare: freshResetToken, expect: all(200) },
  {
    method: 'PATCH', path: '/api/v1/password_resets/{id}', prepare: freshResetToken,
    body: () => ({ json: { password_reset: { password: 'matrix-pass-1', password_confirmation: 'matrix-pass-1' } } }), expect: all(204),
  },
  {
    method: 'POST', path: '/api/v1/invitations',
    body: () => ({ json: { invitation: { email: uniqueEmail('matrix-invite'), role: 'trial' } } }), expect: ADMIN_ONLY(201),
  },
  { method: 'GET', path: '/api/v1/invitations/{id}', prepare: freshInvitation, expect: all(200) },
  {
    method: 'POST', path: '/api/v1/invitations/{id}/acceptance', prepare: freshInvitation,
    body: () => ({ json: { invitation: { password: 'matrix-pass-1', password_confirmation: 'matrix-pass-1' } } }), expect: all(201),
  },
  // --- curriculums, submissions, reviews, milestones -------------------------------------------
  // Tasks of tests/fixtures/curriculum (901, 902 basic; 903 advanced). {id}: a fresh submission
  // of a fresh student (prepare), so every cell has its own.
  { method: 'GET', path: '/api/v1/curriculums', expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'GET', path: '/api/v1/curriculums/test-basics', expect: LOGGED_IN(200, { graduate: 403 }) },
  {
    method: 'POST', path: '/api/v1/tasks/901/submissions',
    body: (c, role) => ({ json: { submission: { repository_url: `https://github.com/matrix-${role}/first-page` } } }),
    expect: all(403, { student: 201, u29: 201, anonymous: 401 }),
  },
  { method: 'GET', path: '/api/v1/submissions', expect: all(403, { ...REVIEWERS(200), anonymous: 401 }) },
  { method: 'GET', path: '/api/v1/submissions/recent', expect: all(403, { ...REVIEWERS(200), anonymous: 401 }) },
  { method: 'GET', path: '/api/v1/review_stats', expect: ADMIN_ONLY(200) },
  {
    method: 'GET', path: '/api/v1/submissions/{id}', prepare: freshSubmission(901),
    expect: all(404, { ...REVIEWERS(200), graduate: 403, anonymous: 401 }),
  },
  { method: 'POST', path: '/api/v1/submissions/{id}/claim', prepare: freshSubmission(901), expect: all(403, { ...REVIEWERS(200), anonymous: 401 }) },
  {
    method: 'POST', path: '/api/v1/submissions/{id}/claim', prepare: freshSubmission(903), label: 'advanced task',
    expect: all(403, { ...REVIEWERS(200), basic_mentor: 403, anonymous: 401 }),
  },
  {
    method: 'DELETE', path: '/api/v1/submissions/{id}/claim', prepare: freshSubmission(901, { claimed: true }), label: 'claimed by another mentor',
    expect: all(403, { admin: 200, anonymous: 401 }),
  },
  {
    method: 'POST', path: '/api/v1/submissions/{id}/reviews', prepare: freshSubmission(901),
    body: (c, role) => ({ json: { review: { status: 'approved', comment: `${role} のレビュー` } } }),
    expect: all(403, { ...REVIEWERS(201), anonymous: 401 }),
  },
  {
    method: 'POST', path: '/api/v1/submissions/{id}/reviews', prepare: freshSubmission(903), label: 'advanced task',
    body: (c, role) => ({ json: { review: { status: 'changes_requested', comment: `${role} のレビュー` } } }),
    expect: all(403, { ...REVIEWERS(201), basic_mentor: 403, anonymous: 401 }),
  },
  { method: 'GET', path: '/api/v1/x_share_milestones', expect: LOGGED_IN(200) },
  {
    method: 'POST', path: '/api/v1/x_share_milestones/mark_as_shown',
    body: () => ({ json: { milestone_type: 'first_login' } }), expect: LOGGED_IN(204),
  },
  ...['rules-for-basic-mentors', 'rules-for-advanced-mentors'].map((name) => ({
    method: 'GET', path: `/api/v1/review_notes/${name}`,
    // 200 once config/review-notes holds the note (embedded at build time), 404 before.
    expect: all(403, { ...REVIEWERS(existsSync(join(ROOT, 'config', 'review-notes', `${name}.md`)) ? 200 : 404), anonymous: 401 }),
  })),
  // --- unsubscribe links (no login: the signed id is the credential, same for all) -----------
  { method: 'GET', path: '/api/v1/mail_unsubscriptions/magazine/{id}', prepare: unsubscribeLink, expect: all(200) },
  { method: 'POST', path: '/api/v1/mail_unsubscriptions/magazine/{id}', prepare: unsubscribeLink, expect: all(200) },
  {
    method: 'POST', path: '/api/v1/mail_unsubscriptions/magazine/{id}', label: 'one-click form', prepare: unsubscribeLink,
    // fetch sends URLSearchParams as application/x-www-form-urlencoded, as a mail client does.
    body: () => ({ form: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) }),
    expect: all(200),
  },
  { method: 'GET', path: '/api/v1/mail_unsubscriptions/school/{id}', label: 'tampered id', prepare: tamperedLink, expect: all(404) },
  { method: 'POST', path: '/api/v1/mail_unsubscriptions/school/{id}', label: 'tampered id', prepare: tamperedLink, expect: all(404) },
  // --- events (admin, students not u29, graduates; everyone else 404) -------------------------
  // Read-only rows share one published event (ctx.eventId); rows that change an event get
  // their own (freshEvent: published, freshDraft: not yet).
  { method: 'GET', path: '/api/v1/events', expect: EVENTS(200) },
  { method: 'POST', path: '/api/v1/events', body: (c, role) => ({ json: { event: eventBody(`${role} のイベント`) } }), expect: EVENTS_ADMIN(201) },
  { method: 'GET', path: '/api/v1/events/unread_count', expect: EVENTS(200, { admin: 403 }) },
  { method: 'GET', path: '/api/v1/events/publish_audience', expect: EVENTS_ADMIN(200) },
  { method: 'GET', path: '/api/v1/events/{id}', prepare: sharedEvent, expect: EVENTS(200) },
  {
    method: 'PATCH', path: '/api/v1/events/{id}', prepare: sharedEvent,
    body: (c, role) => ({ json: { event: { description: `${role} が編集` } } }), expect: EVENTS_ADMIN(200),
  },
  { method: 'GET', path: '/api/v1/events/{id}.ics', prepare: sharedEvent, expect: EVENTS(200) },
  { method: 'POST', path: '/api/v1/events/{id}/publish', prepare: freshDraft, expect: EVENTS_ADMIN(200) },
  { method: 'POST', path: '/api/v1/events/{id}/cancel', prepare: freshEvent, expect: EVENTS_ADMIN(200) },
  { method: 'POST', path: '/api/v1/events/{id}/participation', prepare: sharedEvent, expect: EVENTS(201, { admin: 403 }) },
  { method: 'DELETE', path: '/api/v1/events/{id}/participation', prepare: sharedEvent, expect: EVENTS(200, { admin: 403 }) },
  { method: 'GET', path: '/api/v1/events/{id}/participants', prepare: sharedEvent, expect: EVENTS_ADMIN(200) },
  { method: 'GET', path: '/api/v1/event_tags', expect: EVENTS(200) },
  { method: 'POST', path: '/api/v1/event_tags', body: (c, role) => ({ json: { event_tag: { name: `matrix ${role} ${Date.now()}` } } }), expect: EVENTS_ADMIN(201) },
  {
    method: 'PATCH', path: '/api/v1/event_tags/{id}', prepare: freshTag,
    body: (c, role) => ({ json: { event_tag: { name: `matrix 改 ${role} ${Date.now()} ${Math.random()}` } } }), expect: EVENTS_ADMIN(200),
  },
  { method: 'DELETE', path: '/api/v1/event_tags/{id}', prepare: freshTag, expect: EVENTS_ADMIN(204) },
  { method: 'GET', path: '/api/v1/calendar_feed', expect: EVENTS(200, { admin: 403 }) },
  { method: 'POST', path: '/api/v1/calendar_feed/reset', expect: EVENTS(200, { admin: 403 }) },
  // The feed's token is the credential: anyone holding it reads it, nobody without it.
  { method: 'GET', path: '/calendar/{id}.ics', prepare: feedToken, expect: all(200) },
  { method: 'GET', path: '/calendar/{id}.ics', label: 'unknown token', prepare: () => ({ id: 'x'.repeat(43) }), expect: all(404) },
  // --- students (admin and mentors; a student only themself; the rest 404) --------------------
  { method: 'GET', path: '/api/v1/students', expect: STAFF(200) },
  { method: 'GET', path: '/api/v1/students/{id}', prepare: otherRecord, expect: STAFF(200) },
  { method: 'GET', path: '/api/v1/students/{id}', label: 'own record', prepare: ownRecord, expect: STAFF(200, { student: 200, u29: 200 }) },
  { method: 'PATCH', path: '/api/v1/students/{id}', prepare: otherRecord, body: () => ({ json: { student: { name: 'matrix 受講生' } } }), expect: STAFF_ADMIN(200) },
  {
    method: 'PATCH', path: '/api/v1/students/{id}/mentor', prepare: otherRecord,
    body: (c) => ({ json: { student: { mentor_id: c.accounts.advanced_mentor.id } } }), expect: STAFF_ADMIN(200),
  },
  { method: 'GET', path: '/api/v1/students/{id}/mentorings', prepare: otherRecord, expect: STAFF(200) },
  {
    method: 'POST', path: '/api/v1/students/{id}/mentorings', prepare: otherRecord,
    body: (c, role) => ({ json: { mentoring: { held_at: '2026-11-20 19:00', body: `${role} の面談` } } }), expect: STAFF(201),
  },
  {
    method: 'PATCH', path: '/api/v1/students/{id}/mentorings/{answer}', prepare: freshMentoring,
    body: () => ({ json: { mentoring: { body: '書き直し' } } }), expect: STAFF_ADMIN(200),
  },
  { method: 'DELETE', path: '/api/v1/students/{id}/mentorings/{answer}', prepare: freshMentoring, expect: STAFF_ADMIN(204) },
  { method: 'GET', path: '/api/v1/students/{id}/gantt', prepare: otherRecord, expect: STAFF(200) },
  { method: 'GET', path: '/api/v1/students/{id}/gantt', label: 'own record', prepare: ownRecord, expect: STAFF(200, { student: 200, u29: 200 }) },
  { method: 'GET', path: '/api/v1/students/{id}/submissions', prepare: otherRecord, expect: STAFF(200) },
  { method: 'GET', path: '/api/v1/students/{id}/submissions', label: 'own record', prepare: ownRecord, expect: STAFF(200, { student: 200, u29: 200 }) },
  { method: 'GET', path: '/api/v1/students/{id}/questions', prepare: otherRecord, expect: STAFF(200) },
  { method: 'GET', path: '/api/v1/students/{id}/questions', label: 'own record', prepare: ownRecord, expect: STAFF(200, { student: 200, u29: 200 }) },
  { method: 'GET', path: '/api/v1/mentors', expect: STAFF(200) },
  { method: 'GET', path: '/api/v1/dashboard', expect: all(404, { admin: 200, anonymous: 401 }) },
  { method: 'GET', path: '/api/v1/dashboard/trends', expect: all(404, { admin: 200, anonymous: 401 }) },
  { method: 'GET', path: '/api/v1/dashboard/trends?weeks=52', expect: all(404, { admin: 200, anonymous: 401 }) },
  { method: 'GET', path: '/api/v1/mypage', expect: all(404, { student: 200, u29: 200, anonymous: 401 }) },
  {
    method: 'POST', path: '/api/v1/student_imports?dry_run=true',
    body: () => ({ form: new Blob([`email,name,course,start_date\r\n${uniqueEmail('matrix-import')},matrix 取込,rails_4m,2026-11-01\r\n`], { type: 'text/csv' }) }),
    expect: all(404, { admin: 200, anonymous: 401 }),
  },
  { method: 'GET', path: '/api/v1/student_imports/template', expect: all(404, { admin: 200, anonymous: 401 }) },
  // --- subsidy questionnaires (students and graduates answer; admins follow up) --------------
  { method: 'GET', path: '/api/v1/questionnaires', expect: LOGGED_IN(200) },
  { method: 'GET', path: '/api/v1/questionnaires/pre-curriculum/definition', expect: LOGGED_IN(200) },
  { method: 'POST', path: '/api/v1/questionnaires/pre-curriculum/validation', body: () => ({ json: { answer: PRE_CURRICULUM } }), expect: RESPONDENTS(200) },
  { method: 'POST', path: '/api/v1/questionnaires/pre-curriculum/answer', body: () => ({ json: { answer: PRE_CURRICULUM } }), expect: RESPONDENTS(201) },
  { method: 'GET', path: '/api/v1/questionnaires/pre-curriculum/answer', expect: RESPONDENTS(200) },
  { method: 'GET', path: '/api/v1/questionnaires/status', expect: QUESTIONNAIRE_ADMIN(200) },
  {
    method: 'POST', path: '/api/v1/questionnaires/reminders',
    body: (c) => ({ json: { reminder: { kind: 'pre-curriculum', account_ids: [c.other.id] } } }), expect: QUESTIONNAIRE_ADMIN(202),
  },
  { method: 'GET', path: '/api/v1/questionnaires/pre-curriculum/answers/{id}?reason=matrix', prepare: otherAnswered, expect: QUESTIONNAIRE_ADMIN(200) },
  { method: 'GET', path: '/api/v1/questionnaires/post-curriculum/export?format=csv&reason=matrix', expect: QUESTIONNAIRE_ADMIN(200) },
  { method: 'GET', path: '/api/v1/audit_logs', expect: QUESTIONNAIRE_ADMIN(200) },

  // --- notifications (every account its own centre) and watching a question ------------------
  { method: 'GET', path: '/api/v1/notifications', expect: LOGGED_IN(200) },
  { method: 'GET', path: '/api/v1/notifications/unread_count', expect: LOGGED_IN(200) },
  { method: 'POST', path: '/api/v1/notifications/read', body: () => ({ json: {} }), expect: LOGGED_IN(200) },
  { method: 'POST', path: '/api/v1/notifications/{id}/read', label: 'own', prepare: ownNotification, expect: LOGGED_IN(200) },
  { method: 'POST', path: '/api/v1/notifications/{id}/read', label: "someone else's", prepare: othersNotification, expect: LOGGED_IN(404) },
  {
    method: 'POST', path: '/api/v1/announcements?dry_run=true',
    body: () => ({ json: { announcement: { title: '権限の確認', body: '本文', roles: ['trial'] } } }), expect: ADMIN_ONLY(200),
  },
  { method: 'GET', path: '/api/v1/mails?limit=1', expect: ADMIN_ONLY(200) },
  {
    method: 'POST', path: '/api/v1/seeds',
    body: () => ({ form: new Blob(['accounts: []\n'], { type: 'application/yaml' }) }), expect: ADMIN_ONLY(200),
  },
  { method: 'GET', path: '/api/v1/notification_preferences', expect: LOGGED_IN(200) },
  {
    method: 'PUT', path: '/api/v1/notification_preferences',
    body: () => ({ json: { notification_preferences: { mail: { student: 'daily' } } } }), expect: LOGGED_IN(200),
  },
  { method: 'GET', path: '/api/v1/questions/{id}/watch', prepare: freshQuestion, expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'PUT', path: '/api/v1/questions/{id}/watch', prepare: freshQuestion, expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'DELETE', path: '/api/v1/questions/{id}/watch', prepare: freshQuestion, expect: LOGGED_IN(200, { graduate: 403 }) },
  // --- mentions: whom the caller may mention where it may write ------------------------------
  { method: 'GET', path: '/api/v1/mentionables?context=question&q=', expect: LOGGED_IN(200, { graduate: 403 }) },
  { method: 'GET', path: '/api/v1/mentionables?context=review&q=', expect: all(403, { ...REVIEWERS(200), anonymous: 401 }) },
  {
    method: 'GET', path: '/api/v1/mentionables?context=review&submission_id={id}', label: 'with the submission',
    prepare: freshSubmission(901), expect: all(403, { ...REVIEWERS(200), anonymous: 401 }),
  },
  { method: 'GET', path: '/api/v1/mentionables?context=mentoring', expect: all(403, { ...REVIEWERS(200), anonymous: 401 }) },
];

// The newest notification of an account, from the CLI (the matrix's announcement in before()).
async function notificationOf(account) {
  const { camp } = await import('./lib/client.mjs');
  const list = JSON.parse(camp('--json', 'notifications', 'list', '--account', String(account.id), '--limit', '1'));
  assert.equal(list.data.length, 1, `no notification for ${account.email}`);
  return { id: list.data[0].id };
}
async function ownNotification(c, role) {
  return notificationOf(c.accounts[role] ?? c.other);
}
async function othersNotification(c) {
  return notificationOf(c.other);
}

async function freshResetToken() {
  const account = createAccount({ role: 'trial' });
  const res = await api('POST', '/api/v1/password_resets', { json: { password_reset: { email: account.email } }, headers: { 'x-forwarded-for': freshAddress() } });
  assert.equal(res.status, 202, res.text);
  return { id: await resetToken(account.email) };
}

async function freshInvitation(c) {
  const email = uniqueEmail('matrix-invited');
  const res = await api('POST', '/api/v1/invitations', { token: c.adminToken, json: { invitation: { email, role: 'trial' } } });
  assert.equal(res.status, 201, res.text);
  return { id: await invitationId(email) };
}


function REVIEWERS(status) {
  return { admin: status, basic_mentor: status, advanced_mentor: status, spot_advanced_mentor: status };
}

// A submission of `task` by a student of its own (so each cell may submit), claimed by a
// mentor who is nobody's caller when `claimed`.
function freshSubmission(task, { claimed = false } = {}) {
  return async (c) => {
    const student = createAccount({ role: 'student', course: 'rails_4m', email: uniqueEmail('matrix-submitter') });
    const token = await login(student.email, student.password);
    const res = await api('POST', `/api/v1/tasks/${task}/submissions`, { token, json: { submission: { repository_url: 'https://github.com/matrix/work' } } });
    assert.equal(res.status, 201, res.text);
    if (claimed) {
      const claim = await api('POST', `/api/v1/submissions/${res.json.id}/claim`, { token: c.claimerToken });
      assert.equal(claim.status, 200, claim.text);
    }
    return { id: res.json.id };
  };
}


// The signed id of ctx.other's link for the row's topic, from the CLI (camp mail unsubscribe-link).
async function linkId(c, topic) {
  const { camp } = await import('./lib/client.mjs');
  return JSON.parse(camp('--json', 'mail', 'unsubscribe-link', String(c.other.id), '--topic', topic)).id;
}
async function unsubscribeLink(c) {
  return { id: await linkId(c, 'magazine') };
}
async function tamperedLink(c) {
  const id = await linkId(c, 'school');
  return { id: id.slice(0, -1) + (id.endsWith('A') ? 'B' : 'A') };
}



function eventBody(title) {
  const date = new Date(Date.now() + (9 + 24 * 20) * 3600 * 1000).toISOString().slice(0, 10);
  return { title, capacity: '100', start_date: date, start_at: '19:00', end_at: '20:00', meeting_url: 'https://meet.example.com/matrix' };
}

async function freshDraft(c) {
  const res = await api('POST', '/api/v1/events', { token: c.adminToken, json: { event: eventBody('matrix 用のイベント') } });
  assert.equal(res.status, 201, res.text);
  return { id: res.json.id };
}

async function freshEvent(c) {
  const { id } = await freshDraft(c);
  const res = await api('POST', `/api/v1/events/${id}/publish`, { token: c.adminToken });
  assert.equal(res.status, 200, res.text);
  return { id };
}

async function sharedEvent(c) {
  c.eventId ??= (await freshEvent(c)).id;
  return { id: c.eventId };
}

async function freshTag(c) {
  const res = await api('POST', '/api/v1/event_tags', { token: c.adminToken, json: { event_tag: { name: `matrix 用 ${Date.now()} ${Math.random()}` } } });
  assert.equal(res.status, 201, res.text);
  return { id: res.json.id };
}

async function feedToken(c) {
  const res = await api('GET', '/api/v1/calendar_feed', { token: c.otherToken });
  assert.equal(res.status, 200, res.text);
  return { id: new URL(res.json.url).pathname.match(/^\/calendar\/(.+)\.ics$/)[1] };
}

async function freshCategory(c) {
  const res = await api('POST', '/api/v1/categories', { token: c.adminToken, json: { category: { name: `matrix 用 ${Date.now()} ${Math.random()}` } } });
  assert.equal(res.status, 201, res.text);
  return { id: res.json.id };
}

// A conversation of the demo student (lib/seed/ai_chat.cpp): nobody in the matrix owns it.
async function demoConversation() {
  const list = await api('GET', '/api/v1/ai_chat/conversations', { token: await demoToken('student') });
  assert.equal(list.status, 200, `demo conversations: ${list.status} ${list.text}`);
  return { id: list.json.data[0].id };
}

async function freshQuestion(c) {
  const res = await api('POST', '/api/v1/questions', { token: c.otherToken, json: { question: { category_id: c.categoryId, title: 'matrix 用の質問', body: '' } } });
  assert.equal(res.status, 201, res.text);
  return { id: res.json.id };
}

async function freshAnswer(c) {
  const { id } = await freshQuestion(c);
  const res = await api('POST', `/api/v1/questions/${id}/answers`, { token: c.otherToken, json: { answer: { body: 'matrix 用の回答' } } });
  assert.equal(res.status, 201, res.text);
  return { id, answer: res.json.id, answerId: res.json.id };
}

// Students: admin and mentors, everyone else 404; STAFF_ADMIN: mentors 403.
function STAFF(status, exceptions = {}) {
  return all(404, { admin: status, basic_mentor: status, advanced_mentor: status, spot_advanced_mentor: status, anonymous: 401, ...exceptions });
}
function STAFF_ADMIN(status) {
  return STAFF(403, { admin: status });
}
const recordIds = new Map();
async function recordId(c, email) {
  if (!recordIds.has(email)) {
    const res = await api('GET', `/api/v1/students?q=${encodeURIComponent(email)}`, { token: c.adminToken });
    assert.equal(res.status, 200, res.text);
    recordIds.set(email, res.json.data[0].id);
  }
  return recordIds.get(email);
}
async function otherRecord(c) {
  return { id: await recordId(c, c.other.email) };
}
// The caller's own record where it has one (students), else ctx.other's.
async function ownRecord(c, role) {
  const own = ['student', 'u29', 'graduate'].includes(role) ? c.accounts[role] : c.other;
  return { id: await recordId(c, own.email) };
}
async function freshMentoring(c) {
  const { id } = await otherRecord(c);
  const res = await api('POST', `/api/v1/students/${id}/mentorings`, { token: c.adminToken, json: { mentoring: { held_at: '2026-11-20 19:00', body: 'matrix 用の面談' } } });
  assert.equal(res.status, 201, res.text);
  return { id, answer: res.json.id };
}

const ctx = {
  accounts: {}, // role → created account (with password)
  tokens: {}, // role → JWT
  other: null,
  upload: null,
  self(role) { return this.accounts[role]; },
};

before(async () => {
  importTestCurriculum();
  const claimer = createAccount({ role: 'advanced_mentor', email: uniqueEmail('matrix-claimer') });
  ctx.claimerToken = await login(claimer.email, claimer.password);
  for (const [role, spec] of Object.entries(ACCOUNTS)) {
    ctx.accounts[role] = createAccount({ ...spec, nickname: `matrix ${role}` });
    ctx.tokens[role] = await login(ctx.accounts[role].email, ctx.accounts[role].password);
  }
  ctx.other = createAccount({ role: 'student', course: 'rails_5m', email: uniqueEmail('matrix-other') });
  ctx.otherToken = await login(ctx.other.email, ctx.other.password);
  ctx.adminToken = ctx.tokens.admin;
  const cats = await api('GET', '/api/v1/categories', { token: ctx.otherToken });
  ctx.categoryId = cats.json.data.find((c) => c.lists.length > 0).lists[0].id;
  // One announcement to every role: each caller has a notification of its own (dispatched by the
  // CLI when the command ends).
  const { camp } = await import('./lib/client.mjs');
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const body = join(mkdtempSync(join(tmpdir(), 'matrix-')), 'announcement.txt');
  writeFileSync(body, 'matrix 用のお知らせです。');
  camp('notifications', 'announce', '--title', 'matrix お知らせ', '--body-file', body,
    ...['admin', 'basic_mentor', 'advanced_mentor', 'spot_advanced_mentor', 'student', 'graduate', 'trial'].flatMap((r) => ['--to', r]));
  const up = await api('POST', '/api/v1/file_upload', { token: ctx.tokens.student, body: uploadForm(png()) });
  assert.equal(up.status, 201, `setup upload: ${up.status} ${up.text}`);
  ctx.upload = up.json.file_url;
});

test('the matrix names every role in every row', () => {
  for (const row of MATRIX) assert.deepEqual(Object.keys(row.expect).sort(), [...ROLES].sort(), `${row.method} ${row.path}`);
});

for (const row of MATRIX) {
  describe(`${row.method} ${row.path}${row.label ? ` (${row.label})` : ''}`, () => {
    for (const role of ROLES) {
      const expected = row.expect[role];
      test(`${role} → ${expected}`, async () => {
        let token;
        if (role !== 'anonymous') {
          token = row.session === 'fresh'
            ? await login(ctx.accounts[role].email, ctx.accounts[role].password)
            : ctx.tokens[role];
        }
        const vars = row.prepare ? await row.prepare(ctx, role) : {};
        const path = row.path
          .replace('{id}', () => String(vars.id))
          .replace('{answer}', () => String(vars.answer))
          .replace('{self}', () => String(ctx.accounts[role]?.id ?? ctx.other.id))
          .replace('{other}', () => String(ctx.other.id))
          .replace('{upload}', () => ctx.upload);
        const { json, form } = row.body ? row.body(ctx, role, vars) : {};
        const res = await api(row.method, path, { token, json, body: form });
        assert.equal(res.status, expected, `${row.method} ${path} as ${role}: ${res.status} ${res.text.slice(0, 300)}`);
        if (expected >= 400) {
          assert.equal(res.json?.error?.status, expected, 'JSON error body');
          assert.equal(res.json.error.request_id, res.requestId);
        }
      });
    }
  });
}

// Subsidy questionnaires: the respondents (students, graduates) and admins; everyone else 404.
// The pre-curriculum kind: owed from the first day (docs/questionnaires.md "Who owes what").
const PRE_CURRICULUM = {
  isEmployed: 'no', familyStructure: 'with_parents', academicHistory: 'vocational', majorField: 'arts', prefecture: '23',
  income: '1m_2m', numberOfJobChange: 0, mainCareerIndustry: 'M', mainJobCategoryMajor: 'E', mainJobCategoryMedium: 'E2',
  mainJobCategoryMinor: 'E202', jobChangeMotivations: ['skills', 'interest'],
};
function RESPONDENTS(status) {
  return all(404, { student: status, u29: status, graduate: status, anonymous: 401 });
}
function QUESTIONNAIRE_ADMIN(status) {
  return all(404, { admin: status, anonymous: 401 });
}
// ctx.other's pre-curriculum answer, submitted once.
async function otherAnswered(c) {
  if (!c.otherAnswered) {
    const res = await api('POST', '/api/v1/questionnaires/pre-curriculum/answer', { token: c.otherToken, json: { answer: PRE_CURRICULUM } });
    assert.equal(res.status, 201, res.text);
    c.otherAnswered = true;
  }
  return { id: c.other.id };
}
