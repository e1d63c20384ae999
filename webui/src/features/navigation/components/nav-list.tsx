import type { ComponentType, SVGProps } from 'react';
import { NavLink } from 'react-router';
import * as Icons from '../../../components/icons';
import type { NavItem, NavKey } from '../nav-items';

const icons: Record<NavKey, ComponentType<SVGProps<SVGSVGElement>>> = {
  dashboards: Icons.DashboardIcon,
  mypage: Icons.DashboardIcon,
  students: Icons.PeopleIcon,
  curriculums: Icons.MenuBookIcon,
  reviews: Icons.RateReviewIcon,
  questions: Icons.QuestionAnswerIcon,
  events: Icons.EventIcon,
  settings: Icons.SettingsIcon,
  logout: Icons.LogoutIcon,
};

export interface NavListProps {
  items: NavItem[];
  /** Counts shown next to an item when above 0 (the unread events next to イベント). */
  badges?: Partial<Record<NavKey, number>>;
  onSettings: () => void;
  onLogout: () => void;
}

// The menu: links for pages, buttons for 設定 and ログアウト. Plain elements styled in frame.css.
export function NavList({ items, badges = {}, onSettings, onLogout }: NavListProps) {
  return (
    <ul className="nav-list" data-testid="nav-list">
      {items.map((item) => {
        const Icon = icons[item.key];
        const badge = badges[item.key] ?? 0;
        const content = (
          <>
            <Icon className="nav-item__icon" />
            <span className="nav-item__label">{item.label}</span>
            {badge > 0 && (
              <span className="nav-item__badge" data-testid={`nav-badge-${item.key}`} aria-label={`未読 ${badge}件`}>
                {badge}
              </span>
            )}
          </>
        );
        return (
          <li key={item.key} data-nav={item.key}>
            {item.to ? (
              <NavLink to={item.to} className="nav-item">
                {content}
              </NavLink>
            ) : (
              <button type="button" className="nav-item" onClick={item.key === 'settings' ? onSettings : onLogout}>
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
