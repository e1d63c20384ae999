import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Dashboard, StudentCourse } from '../../lib/api-types';
import { BarList } from './components/bar-list';
import { FigureCard } from './components/figure-card';
import { activeTotal, bucketBars, courseBars } from './figures';

const course = (code: StudentCourse['code'], months: number): StudentCourse => ({
  code,
  name: code === 'u29' ? 'U29コース' : 'Railsキャリアコース',
  months,
});
const dashboard = {
  today: '2026-11-25',
  active_by_course: [
    { course: course('rails_4m', 4), count: 120, link: '/students?status=active&course=rails_4m' },
    { course: course('u29', 3), count: 30, link: '/students?status=active&course=u29' },
  ],
  behind: { count: 5, by_course: [], link: '/students?behind=true' },
  waiting_submissions: {
    count: 31,
    oldest_created_at: null,
    buckets: [
      { key: 'within_1_day', count: 9 },
      { key: 'over_7_days', count: 4 },
    ],
    link: '/reviews',
  },
  unanswered_questions: { count: 6, link: '/questions?status=unsolved' },
  upcoming_events: { count: 0, data: [], link: '/events' },
  new_students_this_month: { count: 22, link: '/students?started_from=2026-11-01&started_to=2026-11-30' },
  failed_mails: { count: 0, link: null },
} satisfies Dashboard;

describe('dashboard figures', () => {
  it('turns counts into bars that link to the filtered lists', () => {
    expect(activeTotal(dashboard)).toBe(150);
    expect(courseBars(dashboard.active_by_course)).toEqual([
      {
        key: 'rails_4m',
        label: 'Railsキャリアコース(4ヶ月)',
        count: 120,
        link: '/students?status=active&course=rails_4m',
        tone: 'primary',
      },
      { key: 'u29', label: 'U29コース(3ヶ月)', count: 30, link: '/students?status=active&course=u29', tone: 'primary' },
    ]);
    expect(bucketBars(dashboard).map((b) => [b.label, b.link, b.tone])).toEqual([
      ['1日以内', '/reviews', 'info'],
      ['7日より前', '/reviews?age=7', 'error'],
    ]);
  });

  it('draws bars relative to the largest count, each label a link', () => {
    render(
      <MemoryRouter>
        <BarList label="コース別" bars={courseBars(dashboard.active_by_course)} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'コース別' });
    expect(within(list).getByRole('link', { name: 'U29コース(3ヶ月)' })).toHaveAttribute(
      'href',
      '/students?status=active&course=u29',
    );
    const widths = [...list.querySelectorAll<HTMLElement>('li > span[aria-hidden] > span')].map((s) => s.style.width);
    expect(widths).toEqual(['100%', '25%']);
  });

  it('a figure links its number to the list, or shows it plainly without a link', () => {
    render(
      <MemoryRouter>
        <FigureCard title="遅れている受講生" count={5} unit="名" link="/students?behind=true" alert />
        <FigureCard title="送信に失敗したメール" count={0} link={null} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '遅れている受講生 5名' })).toHaveAttribute('href', '/students?behind=true');
    expect(screen.queryByRole('link', { name: /送信に失敗したメール/ })).toBeNull();
  });
});
