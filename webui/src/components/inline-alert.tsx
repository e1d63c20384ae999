import { CloseIcon } from './icons';
import './inline-alert.css';

// An error message in the page with a close button (MUI's <Alert severity="error" onClose>
// look, drawn with CSS so the page needs no MUI). The close button uses frame.css' icon-button.
export function InlineAlert({ children, onClose, testId }: { children: string; onClose: () => void; testId?: string }) {
  return (
    <div className="inline-alert" role="alert" data-testid={testId}>
      <div className="inline-alert__message">{children}</div>
      <button type="button" className="icon-button inline-alert__close" aria-label="閉じる" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
