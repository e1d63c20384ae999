import { useId } from 'react';
import './filter-select.css';

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs, in order ('' is the list's "すべて" where it offers one). */
  options: readonly (readonly [string, string])[];
}

// One select of a list's filter bar (the review queue, the students list): a native <select>
// with its label (filter-select.css), so the list paints without MUI. Two to a line on a phone,
// their natural width above.
export function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="filter-select">
      <label className="filter-select__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="filter-select__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
