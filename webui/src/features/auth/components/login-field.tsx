// A labelled input styled like MUI's outlined field, without MUI (keeps /login light).
export interface LoginFieldProps {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  error?: string;
  registration: {
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    onBlur: () => void;
  };
}

export function LoginField({ id, label, type, autoComplete, inputMode, error, registration }: LoginFieldProps) {
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? helperId : undefined}
        {...registration}
      />
      {error && (
        <p className="field__error" id={helperId}>
          {error}
        </p>
      )}
    </div>
  );
}
