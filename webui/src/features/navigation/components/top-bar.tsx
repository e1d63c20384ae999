import type { ReactNode } from 'react';
import { Link } from 'react-router';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import logoUrl from '../../../assets/logo.svg';
import { MenuIcon } from '../../../components/icons';

export interface TopBarProps {
  title: string;
  nickname: string;
  imageUrl: string | null;
  onMenu: () => void;
  menuOpen: boolean;
  /** Buttons before the account (the notification bell), composed by the frame. */
  actions?: ReactNode;
}

// Top toolbar: hamburger (1024 px and below), logo linking to the index, navigation title, and
// the frame's actions (the bell) and the current account.
export function TopBar({ title, nickname, imageUrl, onMenu, menuOpen, actions }: TopBarProps) {
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button top-bar__hamburger"
        aria-label="メニューを開く"
        aria-expanded={menuOpen}
        onClick={onMenu}
        data-testid="hamburger"
      >
        <MenuIcon />
      </button>
      <Link to="/" aria-label="トップへ" className="top-bar__logo">
        <img src={logoUrl} alt="camp" width={32} height={32} />
      </Link>
      <p className="top-bar__title" data-testid="nav-title">
        {title}
      </p>
      <div className="top-bar__actions">{actions}</div>
      <div className="top-bar__account" data-testid="current-account">
        <img
          className="avatar"
          src={imageUrl || defaultAvatarUrl}
          alt=""
          width={32}
          height={32}
          data-testid="current-avatar"
        />
        <span className="top-bar__nickname" data-testid="current-nickname">
          {nickname}
        </span>
      </div>
    </header>
  );
}
