import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** [value, text] pairs, in order ('' is the list's "すべて" where it offers one). */
  options: readonly (readonly [string, string])[];
}

// One select of a list's filter bar (the review queue, the students list).
export function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 150 }}
    >
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
