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
  onSettings: () => void;
  onLogout: () => void;
}

// The menu: links for pages, buttons for 設定 and ログアウト. Plain elements styled in frame.css.
export function NavList({ items, onSettings, onLogout }: NavListProps) {
  return (
    <ul className="nav-list" data-testid="nav-list">
      {items.map((item) => {
        const Icon = icons[item.key];
        const content = (
          <>
            <Icon className="nav-item__icon" />
            <span>{item.label}</span>
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
