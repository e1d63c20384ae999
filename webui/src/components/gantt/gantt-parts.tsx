// The SVG parts of the Gantt chart: the day header (month/day and weekday rows, weekend tints)
// and the rows (planned bar, actual bar, submission and approval marks, behind mark, today line).
import { useId } from 'react';
import { DAY_WIDTH, HEADER_HEIGHT, ROW_HEIGHT, shortDate, WEEKDAY_LABELS, type GanttLayout } from './gantt-model';

const ROW_MID = ROW_HEIGHT / 2;
const colours = {
  sun: '#fdecea',
  sat: '#e8f0fe',
  grid: '#eeeeee',
  planned: '#fde3cf',
  plannedStroke: '#ea8a4a',
  actual: '#c2410c',
  behind: '#c62828',
  approved: '#2e7d32',
  submitted: '#1565c0',
  text: '#424242',
};

// The weekend tints and the day grid are one week-wide pattern tile (not a rect and a line per
// day): its origin is half a pixel left of the first Sunday's column, so each 1 px grid line sits
// where a line centred on the day's edge would.
function WeekGrid({ layout, id }: { layout: GanttLayout; id: string }) {
  const firstWeekday = Math.max(0, (WEEKDAY_LABELS as readonly string[]).indexOf(layout.days[0]?.weekday ?? ''));
  const week = 7 * DAY_WIDTH;
  return (
    <>
      <defs>
        <pattern
          id={id}
          patternUnits="userSpaceOnUse"
          x={-firstWeekday * DAY_WIDTH - 0.5}
          y={0}
          width={week}
          height={layout.height}
        >
          <rect x={0.5} y={0} width={DAY_WIDTH} height={layout.height} fill={colours.sun} />
          <rect x={6 * DAY_WIDTH + 0.5} y={0} width={DAY_WIDTH} height={layout.height} fill={colours.sat} />
          {WEEKDAY_LABELS.map((label, index) => (
            <rect
              key={label}
              x={index * DAY_WIDTH}
              y={HEADER_HEIGHT / 2}
              width={1}
              height={layout.height - HEADER_HEIGHT / 2}
              fill={colours.grid}
            />
          ))}
        </pattern>
      </defs>
      <rect data-part="day-grid" x={0} y={0} width={layout.width} height={layout.height} fill={`url(#${id})`} />
    </>
  );
}

export function GanttHeader({ layout }: { layout: GanttLayout }) {
  const gridId = useId();
  return (
    <g data-part="header" fill={colours.text}>
      <WeekGrid layout={layout} id={gridId} />
      {layout.days.map(
        (day) =>
          day.monthStart && (
            <text key={day.date} x={day.x + 2} y={12} fontSize={11} fontWeight="bold">
              {`${Number(day.date.slice(5, 7))}月`}
            </text>
          ),
      )}
      <g fontSize={9} textAnchor="middle">
        {layout.days.map((day) => (
          <text key={day.date} x={day.x + DAY_WIDTH / 2} y={HEADER_HEIGHT / 2 + 4}>
            {day.dayOfMonth}
          </text>
        ))}
      </g>
      <g fontSize={10} textAnchor="middle">
        {layout.days.map((day) => (
          <text
            key={day.date}
            x={day.x + DAY_WIDTH / 2}
            y={HEADER_HEIGHT - 5}
            data-weekday={day.weekday}
            fill={day.weekend === 'sun' ? colours.behind : day.weekend === 'sat' ? colours.submitted : undefined}
          >
            {day.weekday}
          </text>
        ))}
      </g>
      <line x1={0} x2={layout.width} y1={HEADER_HEIGHT} y2={HEADER_HEIGHT} stroke="#bdbdbd" />
    </g>
  );
}

export function GanttBars({ layout }: { layout: GanttLayout }) {
  return (
    <g data-part="rows">
      {layout.rows.map(({ period, y, planned, actual, submittedX, approvedX }) => (
        <g key={period.key} data-testid="gantt-row" data-behind={period.behind ? 'true' : 'false'}>
          <line x1={0} x2={layout.width} y1={y} y2={y} stroke={colours.grid} />
          <rect
            data-part="planned"
            x={planned.x}
            y={y + 6}
            width={planned.width}
            height={ROW_HEIGHT - 12}
            rx={3}
            fill={colours.planned}
            stroke={period.behind ? colours.behind : colours.plannedStroke}
            strokeWidth={period.behind ? 2 : 1}
            strokeDasharray={period.behind ? '4 2' : undefined}
          >
            <title>{`${period.label} 予定 ${shortDate(period.plannedStart)}〜${shortDate(period.plannedEnd)}`}</title>
          </rect>
          {actual && (
            <rect
              data-part="actual"
              x={actual.x}
              y={y + ROW_MID - 3}
              width={actual.width}
              height={6}
              rx={2}
              fill={colours.actual}
            />
          )}
          {submittedX !== null && (
            <path data-part="submitted" d={`M ${submittedX} ${y + 4} l 5 8 l -10 0 z`} fill={colours.submitted}>
              <title>提出</title>
            </path>
          )}
          {approvedX !== null && (
            <circle data-part="approved" cx={approvedX} cy={y + ROW_HEIGHT - 8} r={4} fill={colours.approved}>
              <title>合格</title>
            </circle>
          )}
          {period.behind && (
            <text
              data-part="behind"
              x={planned.x + planned.width + 4}
              y={y + ROW_MID + 4}
              fontSize={12}
              fontWeight="bold"
              fill={colours.behind}
            >
              !
            </text>
          )}
        </g>
      ))}
      {layout.todayX !== null && (
        <g data-part="today">
          <line
            x1={layout.todayX}
            x2={layout.todayX}
            y1={HEADER_HEIGHT - 2}
            y2={layout.height}
            stroke={colours.behind}
            strokeWidth={2}
          />
          <text x={layout.todayX + 3} y={HEADER_HEIGHT + 10} fontSize={10} fill={colours.behind}>
            今日
          </text>
        </g>
      )}
    </g>
  );
}
