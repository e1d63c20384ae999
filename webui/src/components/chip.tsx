import type { CSSProperties } from 'react';
import './chip.css';

export interface ChipProps {
  label: string;
  variant?: 'filled' | 'outlined';
  tone?: 'default' | 'error';
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

// A small label chip (chip.css), MUI's <Chip size="small"> look without MUI.
export function Chip({ label, variant = 'filled', tone = 'default', className, style, testId }: ChipProps) {
  const classes = ['chip', `chip--${variant}`, tone === 'error' && 'chip--error', className].filter(Boolean).join(' ');
  return (
    <span className={classes} style={style} data-testid={testId}>
      <span className="chip__label">{label}</span>
    </span>
  );
}
