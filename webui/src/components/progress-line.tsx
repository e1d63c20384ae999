import './progress-line.css';

// A progress line (progress-line.css): with `value` (0–100) it shows how far; without, that
// something is loading. The keyframes are global.css' loading bar's.
export function ProgressLine({ label, value }: { label: string; value?: number }) {
  if (value === undefined) {
    return (
      <div className="progress-line progress-line--running" role="progressbar" aria-label={label}>
        <div className="progress-line__bar" />
      </div>
    );
  }
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <div
      className="progress-line"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="progress-line__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}

// The loading line of a list that refetches in place: its 4 px stay while nothing loads, so the
// list below does not move each time a refetch starts or ends (a layout shift on every poll).
export function FetchingLine({ active }: { active: boolean }) {
  return <div className="fetching-line">{active && <ProgressLine label="読み込み中" />}</div>;
}
