import Drawer from '@mui/material/Drawer';
import { useEffect } from 'react';
import { AppTheme } from '../../../components/app-theme';
import { CloseIcon } from '../../../components/icons';
import { NavList, type NavListProps } from './nav-list';

export interface MobileDrawerProps extends NavListProps {
  open: boolean;
  onClose: () => void;
}

const blockTouchMove = (event: TouchEvent) => event.preventDefault();

// Hamburger menu (1024 px and below), loaded on first use. While open, touch-move is blocked.
export default function MobileDrawer({ open, onClose, ...listProps }: MobileDrawerProps) {
  useEffect(() => {
    if (!open) return undefined;
    document.addEventListener('touchmove', blockTouchMove, { passive: false });
    return () => document.removeEventListener('touchmove', blockTouchMove);
  }, [open]);
  return (
    <AppTheme>
      <Drawer open={open} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width: 260 } }} data-testid="mobile-drawer">
        <nav aria-label="メインメニュー" className="mobile-drawer">
          <button type="button" className="icon-button" aria-label="メニューを閉じる" onClick={onClose}>
            <CloseIcon />
          </button>
          <NavList {...listProps} />
        </nav>
      </Drawer>
    </AppTheme>
  );
}
