import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ganttPeriods } from './from-api';
import { GanttChart } from './gantt-chart';
import {
  DAY_WIDTH,
  HEADER_HEIGHT,
  ROW_HEIGHT,
  layoutGantt,
  shortDate,
  weekdayLabel,
  WEEKDAY_LABELS,
  type GanttPeriod,
} from './gantt-model';

const period = (overrides: Partial<GanttPeriod> = {}): GanttPeriod => ({
  key: 'p1',
  label: '課題13',
  kind: 'task',
  plannedStart: '2026-11-01',
  plannedEnd: '2026-11-07',
  behind: false,
  ...overrides,
});

describe('gantt model', () => {
  it('labels weekdays 日月火水木金土 from Sunday', () => {
    expect(WEEKDAY_LABELS.join('')).toBe('日月火水木金土');
    expect(weekdayLabel('2026-11-01')).toBe('日'); // a Sunday
    expect(weekdayLabel('2026-11-07')).toBe('土');
    expect(weekdayLabel('2026-11-25')).toBe('水');
    expect(weekdayLabel('1969-12-31')).toBe('水'); // before the epoch too
    expect(shortDate('2026-11-25')).toBe('11/25(水)');
  });

  it('lays out one column per day and one row per period', () => {
    const layout = layoutGantt({
      periods: [period(), period({ key: 'p2', plannedStart: '2026-11-08', plannedEnd: '2026-11-10' })],
      today: '2026-11-03',
    });
    expect(layout.days).toHaveLength(10);
    expect(layout.days[0]).toMatchObject({ date: '2026-11-01', weekend: 'sun', monthStart: true, x: 0 });
    expect(layout.days[6]).toMatchObject({ date: '2026-11-07', weekend: 'sat', monthStart: false });
    expect(layout.width).toBe(10 * DAY_WIDTH);
    expect(layout.height).toBe(HEADER_HEIGHT + 2 * ROW_HEIGHT);
    expect(layout.rows[1]!.planned).toEqual({ x: 7 * DAY_WIDTH, width: 3 * DAY_WIDTH });
    expect(layout.rows[1]!.y).toBe(HEADER_HEIGHT + ROW_HEIGHT);
    expect(layout.todayX).toBe(2.5 * DAY_WIDTH);
  });

  it('draws the actual bar to the submission (first) or the approval (revision, task)', () => {
    const submittedAt = '2026-11-03T10:00:00+09:00';
    const approvedAt = '2026-11-05T10:00:00+09:00';
    const [first, revision, task, open] = layoutGantt({
      periods: [
        period({ key: 'a', kind: 'first', submittedAt, approvedAt }),
        period({ key: 'b', kind: 'revision', submittedAt, approvedAt }),
        period({ key: 'c', submittedAt }),
        period({ key: 'd' }),
      ],
      today: '2026-11-06',
    }).rows;
    expect(first!.actual).toEqual({ x: 0, width: 3 * DAY_WIDTH });
    expect(revision!.actual).toEqual({ x: 0, width: 5 * DAY_WIDTH });
    expect(task!.actual).toBeNull(); // submitted, not approved yet
    expect(task!.submittedX).toBe(2.5 * DAY_WIDTH);
    expect(task!.approvedX).toBeNull();
    expect(open!.actual).toBeNull();
  });

  it('stretches the range to a late approval and to today, and hides a far-away today', () => {
    const late = layoutGantt({
      periods: [period({ approvedAt: '2026-11-12T09:00:00+09:00' })],
      today: '2026-11-14',
    });
    expect(late.days.at(-1)!.date).toBe('2026-11-14');
    expect(late.rows[0]!.approvedX).toBe(11.5 * DAY_WIDTH);
    expect(late.todayX).toBe(13.5 * DAY_WIDTH);
    const far = layoutGantt({ periods: [period()], today: '2027-06-01' });
    expect(far.days).toHaveLength(7);
    expect(far.todayX).toBeNull();
  });

  it('has nothing to draw without periods', () => {
    expect(layoutGantt({ periods: [], today: '2026-11-01' })).toMatchObject({ days: [], rows: [], todayX: null });
  });
});

describe('GanttChart', () => {
  const periods = [
    period({ key: 'a', label: '課題20', kind: 'first', submittedAt: '2026-11-02T10:00:00+09:00' }),
    period({
      key: 'b',
      label: '課題20',
      kind: 'revision',
      plannedStart: '2026-11-08',
      plannedEnd: '2026-11-12',
      behind: true,
    }),
  ];

  it('paints the labels first and draws into an SVG box of its final size after that paint', async () => {
    const { container } = render(<GanttChart periods={periods} today="2026-11-13" />);
    const svg = container.querySelector('svg')!;
    expect(screen.getAllByTitle(/^課題20/)).toHaveLength(2);
    expect(svg.childElementCount).toBe(0);
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual([
      String(13 * DAY_WIDTH),
      String(HEADER_HEIGHT + 2 * ROW_HEIGHT),
    ]);
    expect(await screen.findAllByTestId('gantt-row')).toHaveLength(2);
    expect([svg.getAttribute('width'), svg.getAttribute('height')]).toEqual([
      String(13 * DAY_WIDTH),
      String(HEADER_HEIGHT + 2 * ROW_HEIGHT),
    ]);
  });

  it('draws weekday labels, the today line, planned and actual bars and the behind mark', async () => {
    const { container } = render(<GanttChart periods={periods} today="2026-11-13" />);
    await screen.findAllByTestId('gantt-row');
    const weekdays = [...container.querySelectorAll('[data-weekday]')].map((t) => t.textContent);
    expect(weekdays.slice(0, 7).join('')).toBe('日月火水木金土');
    expect(container.querySelectorAll('[data-part="today"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-part="planned"]')).toHaveLength(2);
    expect(container.querySelectorAll('[data-part="actual"]')).toHaveLength(1);
    expect(container.querySelectorAll('[data-part="submitted"]')).toHaveLength(1);
    const rows = screen.getAllByTestId('gantt-row');
    expect(rows.map((r) => r.getAttribute('data-behind'))).toEqual(['false', 'true']);
    expect(rows[1]!.querySelector('[data-part="behind"]')).not.toBeNull();
  });

  it('names each period with its kind and says which are behind, also as a table', async () => {
    render(<GanttChart periods={periods} today="2026-11-13" />);
    // The task's two rows differ at a glance (a kind tag the name's ellipsis never cuts) and in
    // the tooltip (whole name, kind, planned days).
    const labels = screen.getAllByTitle(/^課題20/);
    expect(labels.map((l) => l.getAttribute('title'))).toEqual([
      '課題20(初回提出) 予定 11/1(日)〜11/7(土)',
      '課題20(修正) 予定 11/8(日)〜11/12(木)',
    ]);
    expect(labels.map((l) => l.querySelector('.gantt__kind')?.textContent)).toEqual(['提出', '修正']);
    const table = await screen.findByRole('table');
    const cells = within(table).getAllByRole('row')[2]!.querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual(['課題20(修正)', '11/8(日)〜11/12(木)', '—', '—', '遅れ']);
    expect(within(table).getAllByRole('row')[1]!.querySelectorAll('td')[2]!.textContent).toBe('11/2(月)');
  });

  it('scales to the page width when printed (viewBox) and scrolls sideways on screen', () => {
    const { container } = render(<GanttChart periods={periods} today="2026-11-13" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${svg.getAttribute('width')} ${svg.getAttribute('height')}`);
    expect(screen.getByTestId('gantt-scroll')).toContainElement(svg as unknown as HTMLElement);
  });

  it('tints the weekends with one week-wide tile lined up on the first day', async () => {
    const wednesday = [period({ plannedStart: '2026-11-04', plannedEnd: '2026-11-10' })];
    const { container } = render(<GanttChart periods={wednesday} today="2026-11-05" />);
    await screen.findAllByTestId('gantt-row');
    const tile = container.querySelector('pattern')!;
    // 11/4 is a Wednesday: the tile (日..土) starts three days earlier, half a pixel left of it.
    expect([tile.getAttribute('x'), tile.getAttribute('width')]).toEqual([
      String(-3 * DAY_WIDTH - 0.5),
      String(7 * DAY_WIDTH),
    ]);
    const fills = [...tile.querySelectorAll('rect')].slice(0, 2).map((r) => Number(r.getAttribute('x')));
    expect(fills).toEqual([0.5, 6 * DAY_WIDTH + 0.5]); // 日, 土
    expect(container.querySelector('[data-part="day-grid"]')!.getAttribute('fill')).toBe(`url(#${tile.id})`);
  });

  it('says so when the course has no plan', () => {
    render(<GanttChart periods={[]} today="2026-11-13" />);
    expect(screen.getByText('コースの計画がありません')).toBeInTheDocument();
  });
});

describe('ganttPeriods (the daemon periods → chart rows)', () => {
  const apiPeriod = (
    index: number,
    task_id: number,
    kind: 'approval' | 'first_submission',
    state: 'done' | 'behind' = 'done',
  ) => ({
    index,
    task_id,
    task_title: `課題${task_id}の名前`,
    curriculum_name: 'rails',
    kind,
    start_day: 1,
    end_day: 7,
    starts_on: '2026-11-01',
    ends_on: '2026-11-07',
    submitted_on: '2026-11-03',
    approved_on: null,
    state,
    late: false,
  });
  it('marks revision periods of tasks with a first-submission period and behind ones', () => {
    const rows = ganttPeriods([
      apiPeriod(1, 19, 'approval'),
      apiPeriod(2, 20, 'first_submission'),
      apiPeriod(3, 20, 'approval', 'behind'),
    ]);
    expect(rows.map((r) => [r.key, r.kind, r.behind])).toEqual([
      ['1', 'task', false],
      ['2', 'first', false],
      ['3', 'revision', true],
    ]);
    expect(rows[0]).toMatchObject({
      label: '課題19の名前',
      plannedStart: '2026-11-01',
      plannedEnd: '2026-11-07',
      submittedAt: '2026-11-03',
    });
  });
});
