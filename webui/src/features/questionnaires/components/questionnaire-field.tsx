import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import type { AnswerValue, QuestionnaireField as Field, QuestionnaireOption } from '../types';

export interface QuestionnaireFieldProps {
  field: Field;
  value: AnswerValue;
  options: QuestionnaireOption[];
  error?: string;
  onChange: (value: AnswerValue) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** A select even with few options (the top of a chain of dependent selects). */
  preferSelect?: boolean;
}

// Up to this many options a single choice is a radio group, above it (and in a chain of
// dependent selects) a select.
export const RADIO_MAX = 5;

const shrink = { inputLabel: { shrink: true } } as const;

// One field of a definition, rendered by its type. The error (client check or the daemon's
// 422 `fields.<key>`) shows under the field, which is marked aria-invalid.
export function QuestionnaireField(props: QuestionnaireFieldProps) {
  const { field, value, options, error, onChange, onBlur, inputRef, preferSelect } = props;
  const id = `q-${field.key}`;
  const helper = error ?? field.help ?? undefined;
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    label: field.label,
    required: field.required,
    fullWidth: true,
    error: Boolean(error),
    helperText: helper,
    onBlur,
    inputRef,
    name: field.key,
    placeholder: field.placeholder ?? undefined,
  };

  if (field.type === 'multiple_choice') {
    const chosen = Array.isArray(value) ? value : [];
    const toggle = (option: string, on: boolean) =>
      onChange(on ? [...chosen, option] : chosen.filter((v) => v !== option));
    return (
      <FormControl component="fieldset" error={Boolean(error)} required={field.required} data-field={field.key}>
        <FormLabel component="legend">{field.label}</FormLabel>
        <FormGroup>
          {options.map((option, index) => (
            <FormControlLabel
              key={option.value}
              label={option.label}
              control={
                <Checkbox
                  checked={chosen.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                  onBlur={onBlur}
                  slotProps={{ input: { 'aria-invalid': Boolean(error), ref: index === 0 ? inputRef : undefined } }}
                />
              }
            />
          ))}
        </FormGroup>
        {helper && <FormHelperText>{helper}</FormHelperText>}
      </FormControl>
    );
  }

  if (field.type === 'single_choice' && !field.depends_on && !preferSelect && options.length <= RADIO_MAX) {
    return (
      <FormControl component="fieldset" error={Boolean(error)} required={field.required} data-field={field.key}>
        <FormLabel component="legend" id={`${id}-label`}>
          {field.label}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={`${id}-label`}
          name={field.key}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        >
          {options.map((option, index) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              label={option.label}
              control={
                <Radio
                  onBlur={onBlur}
                  slotProps={{ input: { 'aria-invalid': Boolean(error), ref: index === 0 ? inputRef : undefined } }}
                />
              }
            />
          ))}
        </RadioGroup>
        {helper && <FormHelperText>{helper}</FormHelperText>}
      </FormControl>
    );
  }

  if (field.type === 'single_choice' || field.type === 'prefecture') {
    return (
      <TextField
        {...common}
        select
        value={text}
        onChange={(e) => onChange(e.target.value)}
        disabled={Boolean(field.depends_on) && options.length === 0}
        slotProps={{ select: { native: true }, ...shrink }}
        data-field={field.key}
      >
        <option value="">選択してください</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
    );
  }

  if (field.type === 'integer' || field.type === 'yen') {
    const suffix = field.unit ?? (field.type === 'yen' ? '円' : null);
    const unit = suffix ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> } : {};
    return (
      <TextField
        {...common}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' }, input: unit, ...shrink }}
        data-field={field.key}
      />
    );
  }

  return (
    <TextField
      {...common}
      type={field.type === 'date' ? 'date' : 'text'}
      multiline={field.type === 'textarea'}
      minRows={field.type === 'textarea' ? 4 : undefined}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      slotProps={shrink}
      data-field={field.key}
    />
  );
}
