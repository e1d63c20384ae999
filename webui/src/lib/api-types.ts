// Shapes of the daemon's JSON, named from the types generated out of daemon/openapi.yaml
// (src/lib/generated/api-schema.ts, `npm run gen:api`): the contract is the one source.
import type { components, operations } from './generated/api-schema';

export type Schemas = components['schemas'];
type RequestBody<Name extends keyof components['requestBodies']> =
  components['requestBodies'][Name]['content']['application/json'];

export type Role = Schemas['Role'];
export type CourseCode = 'rails_4m' | 'rails_5m' | 'u29';
export type Account = Schemas['Account'];
/** GET /api/v1/accounts/me: the account with its two-factor login state. */
export type Me = Schemas['Me'];
export type TwoFactorStatus = Schemas['TwoFactorStatus'];
/** POST /api/v1/accounts/me/two_factor: the pending secret (base32) and its otpauth:// URI. */
export type TwoFactorEnrolment = operations['beginTwoFactor']['responses'][201]['content']['application/json'];
export type Course = NonNullable<Account['course']>;
export type Author = Schemas['Author'];
/** Someone the writer may mention (GET /api/v1/mentionables). */
export type Mentionable = operations['listMentionables']['responses'][200]['content']['application/json']['data'][number];
export type ApiErrorBody = Schemas['Error'];

/** The `account` member of PATCH /api/v1/accounts/{id}. */
export type AccountUpdate = NonNullable<
  operations['updateAccount']['requestBody']
>['content']['application/json']['account'];

export type SiteInfo = operations['getSite']['responses'][200]['content']['application/json'];

export type Category = Schemas['Category'];
export type CategoryChild = Schemas['CategoryChild'];
export type Question = Schemas['Question'];
export type QuestionDetail = Schemas['QuestionDetail'];
export type QuestionPage = Schemas['QuestionPage'];
export type QuestionInput = Schemas['QuestionInput'];
export type Answer = Schemas['Answer'];
export type AnswerInput = RequestBody<'Answer'>['answer'];

export type Invitation = Schemas['Invitation'];
export type InvitationView = Schemas['InvitationView'];
export type ReviewLevel = Schemas['ReviewLevel'];
export type TaskStatus = Schemas['TaskStatus'];
export type SubmissionStatus = Schemas['SubmissionStatus'];
export type Curriculum = Schemas['Curriculum'];
export type CurriculumDetail = Schemas['CurriculumDetail'];
export type Task = Schemas['Task'];
export type TaskDetail = Schemas['TaskDetail'];
export type Submission = Schemas['Submission'];
export type SubmissionDetail = Schemas['SubmissionDetail'];
export type Review = Schemas['Review'];
export type ReviewStatus = Review['status'];
export type SubmissionQuery = NonNullable<operations['listSubmissions']['parameters']['query']>;
export type SubmissionPage = operations['listSubmissions']['responses'][200]['content']['application/json'];
export type ReviewNote = operations['getReviewNote']['responses'][200]['content']['application/json'];
export type ReviewNoteName = operations['getReviewNote']['parameters']['path']['name'];
export type EventItem = Schemas['Event'];
export type EventTag = Schemas['EventTag'];
export type EventPage = Schemas['EventPage'];
export type EventInput = Schemas['EventInput'];
export type CalendarFeed = Schemas['CalendarFeed'];

// Students, mentoring, the Gantt chart, the dashboard, my page and the CSV import.
export type StudentCourse = Schemas['Course'];
export type StudentStatus = Schemas['StudentSummary']['status'];
export type Person = Schemas['Person'];
export type StudentSummary = Schemas['StudentSummary'];
export type StudentDetail = Schemas['StudentDetail'];
export type MentorChange = StudentDetail['mentor_history'][number];
export type StudentPage = operations['listStudents']['responses'][200]['content']['application/json'];
export type Mentoring = Schemas['Mentoring'];
/** The `mentoring` member of POST and PATCH /api/v1/students/{id}/mentorings. */
export type MentoringInput = NonNullable<
  operations['createStudentMentoring']['requestBody']
>['content']['application/json']['mentoring'];
export type GanttApiPeriod = Schemas['GanttPeriod'];
export type Gantt = Schemas['Gantt'];
export type StudentSubmission = Schemas['StudentSubmission'];
export type StudentQuestion = Schemas['StudentQuestion'];
export type Dashboard = Schemas['Dashboard'];
export type CourseCount = Schemas['DashboardCourseCount'];
export type AgeBucket = Dashboard['waiting_submissions']['buckets'][number]['key'];
export type DashboardTrends = Schemas['DashboardTrends'];
export type MyPage = Schemas['MyPage'];
export type CurriculumProgress = MyPage['progress'][number];
export type NextTask = NonNullable<MyPage['next_task']>;
export type ImportReport = Schemas['StudentImportReport'];
export type ImportRow = ImportReport['rows'][number];

// The notification centre (docs/notifications.md).
export type AppNotification = Schemas['Notification'];
export type NotificationCategory = Schemas['NotificationCategory'];
export type UnreadCounts = Schemas['UnreadCounts'];
export type NotificationPage = operations['listNotifications']['responses'][200]['content']['application/json'];
export type NotificationQuery = NonNullable<operations['listNotifications']['parameters']['query']>;
export type MailPreference = Schemas['MailPreference'];
export type NotificationPreferences = Schemas['NotificationPreferences'];
/** The `notification_preferences` member of PUT /api/v1/notification_preferences. */
export type NotificationPreferencesInput =
  operations['updateNotificationPreferences']['requestBody']['content']['application/json']['notification_preferences'];
/** A "My data" export request (GET/POST /api/v1/accounts/me/data_exports). */
export type DataExport = Schemas['DataExport'];
export type AccessToken = Schemas['AccessToken'];
export type TokenScope = Schemas['TokenScope'];
/** The `token` member of POST /api/v1/accounts/me/tokens. */
export type AccessTokenInput = operations['createAccessToken']['requestBody']['content']['application/json']['token'];
