import { Link, Outlet } from 'react-router';
import logoUrl from '../assets/logo.svg';
import { SiteFooter } from '../features/site/components/site-footer';
import './frame.css';

// Public pages outside the frame (analytics, later password reset and sign-up): logo header and
// the footer with privacy policy and terms links.
export function Component() {
  return (
    <div className="public-layout">
      <header className="top-bar top-bar--static">
        <Link to="/" aria-label="トップへ" className="top-bar__logo">
          <img src={logoUrl} alt="camp" width={32} height={32} />
        </Link>
      </header>
      <main className="public-layout__main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
