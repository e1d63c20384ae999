import { NavList, type NavListProps } from './nav-list';

// Desktop side drawer: shown above 1024 px, hidden at 1024 px and below (frame.css).
export function SideDrawer(props: NavListProps) {
  return (
    <nav className="side-drawer" aria-label="メインメニュー" data-testid="side-drawer">
      <NavList {...props} />
    </nav>
  );
}
