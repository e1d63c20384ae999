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
      // '' is an option too (すべて): shown, with the label above it like any other value.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      // Two to a line on a phone, their natural width above.
      sx={{ minWidth: 150, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
    >
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
