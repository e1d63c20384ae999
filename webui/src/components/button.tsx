import type { ButtonHTMLAttributes } from 'react';
import './button.css';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'contained' | 'outlined' | 'text';
}

// A small button drawn with CSS (button.css): pages whose first screen must paint without MUI
// use it where they would use MUI's <Button size="small">.
export function PlainButton({ variant = 'text', className, type = 'button', ...props }: PlainButtonProps) {
  const classes = `button button--${variant}${className ? ` ${className}` : ''}`;
  return <button type={type} className={classes} {...props} />;
}
