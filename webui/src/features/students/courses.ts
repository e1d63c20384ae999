// The three courses of the school (accounts.course_id); the daemon names them in its answers,
// the filters need them before any answer.
export const courseOptions: [code: string, label: string][] = [
  ['rails_4m', 'Railsキャリアコース(4ヶ月)'],
  ['rails_5m', 'Railsキャリアコース(5ヶ月)'],
  ['u29', 'U29コース'],
];

export const courseLabel = (course: { code: string; name: string; months: number }) =>
  courseOptions.find(([code]) => code === course.code)?.[1] ?? `${course.name}(${course.months}ヶ月)`;
