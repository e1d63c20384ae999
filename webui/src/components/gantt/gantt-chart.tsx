// The course plan as a Gantt chart (spec: planned periods from the start date, actual submission
// and approval dates, a today line, weekday labels 日月火水木金土, behind marks). Hand-made SVG:
// no chart library is needed for bars and lines, and this keeps the page chunk small.
import { useEffect, useId, useMemo, useRef } from 'react';
import { GanttBars, GanttHeader } from './gantt-parts';
import { schoolDate } from '../../lib/dates';
import { useAfterPaint } from '../../lib/use-after-paint';
import { HEADER_HEIGHT, layoutGantt, ROW_HEIGHT, shortDate, type GanttPeriod } from './gantt-model';
import './gantt-chart.css';

export interface GanttChartProps {
  periods: GanttPeriod[];
  today: string;
  title?: string;
}

const kindText: Record<GanttPeriod['kind'], string> = { first: '初回提出', revision: '修正', task: '' };

// The short tag after a cut task name, so a task's two rows can be told apart.
const kindTag: Record<GanttPeriod['kind'], string> = { first: '提出', revision: '修正', task: '' };

export function periodName(period: GanttPeriod): string {
  return kindText[period.kind] ? `${period.label}(${kindText[period.kind]})` : period.label;
}

// The label's tooltip: the whole name, its kind and the planned days.
export function periodTitle(period: GanttPeriod): string {
  return `${periodName(period)} 予定 ${shortDate(period.plannedStart)}〜${shortDate(period.plannedEnd)}`;
}

export function GanttChart({ periods, today, title = 'ガントチャート' }: GanttChartProps) {
  const layout = useMemo(() => layoutGantt({ periods, today }), [periods, today]);
  const scroller = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The labels paint with the page; the drawing (hundreds of SVG elements) in the next task,
  // into an SVG box of its final size, so nothing moves.
  const drawn = useAfterPaint();

  // Phones show a part of the plan: start with today in view.
  useEffect(() => {
    const box = scroller.current;
    if (box && layout.todayX !== null) box.scrollLeft = Math.max(0, layout.todayX - box.clientWidth / 2);
  }, [layout.todayX]);

  if (periods.length === 0) return <p>コースの計画がありません</p>;
  return (
    <figure className="gantt" data-testid="gantt-chart" aria-labelledby={titleId} style={{ margin: 0 }}>
      <figcaption id={titleId} className="visually-hidden">
        {title}
      </figcaption>
      <ul className="gantt__legend" aria-hidden="true">
        <li>
          <span className="gantt__swatch gantt__swatch--planned" />
          予定
        </li>
        <li>
          <span className="gantt__swatch gantt__swatch--actual" />
          実績
        </li>
        <li>
          <span className="gantt__swatch gantt__swatch--behind" />
          遅れ
        </li>
        <li>
          <span className="gantt__swatch gantt__swatch--today" />
          今日
        </li>
      </ul>
      <div className="gantt__body">
        <div className="gantt__labels" aria-hidden="true">
          <div className="gantt__labels-head" style={{ height: HEADER_HEIGHT }}>
            課題
          </div>
          {layout.rows.map(({ period }) => (
            <div
              key={period.key}
              className={`gantt__label${period.behind ? ' gantt__label--behind' : ''}`}
              style={{ height: ROW_HEIGHT }}
              title={periodTitle(period)}
            >
              <span className="gantt__label-text">{period.label}</span>
              {kindTag[period.kind] && (
                <span className={`gantt__kind gantt__kind--${period.kind}`}>{kindTag[period.kind]}</span>
              )}
              {period.behind && <span className="gantt__behind">遅れ</span>}
            </div>
          ))}
        </div>
        <div
          className="gantt__scroll"
          ref={scroller}
          data-testid="gantt-scroll"
          // Scrolled sideways by keyboard too (WCAG 2.1.1); the drawing itself is aria-hidden.
          tabIndex={0}
          role="region"
          aria-label={`${title}の日付(横にスクロールできます)`}
        >
          <svg
            className="gantt__svg"
            width={layout.width}
            height={layout.height}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            aria-hidden="true"
          >
            {drawn && <GanttHeader layout={layout} />}
            {drawn && <GanttBars layout={layout} />}
          </svg>
        </div>
      </div>
      {drawn && <GanttTable periods={periods} />}
    </figure>
  );
}

// The same facts as a table for screen readers (the drawing is aria-hidden).
function GanttTable({ periods }: { periods: GanttPeriod[] }) {
  const day = (value?: string | null) => (value ? shortDate(schoolDate(value)) : '—');
  // Hidden through its box: a table is never narrower than its content, so a 1 px table would
  // still widen the page on a phone.
  return (
    <div className="visually-hidden">
      <table>
        <thead>
          <tr>
            <th>課題</th>
            <th>予定</th>
            <th>提出</th>
            <th>合格</th>
            <th>状況</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.key}>
              <td>{periodName(p)}</td>
              <td>{`${shortDate(p.plannedStart)}〜${shortDate(p.plannedEnd)}`}</td>
              <td>{day(p.submittedAt)}</td>
              <td>{day(p.approvedAt)}</td>
              <td>{p.behind ? '遅れ' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
