import { Outlet } from 'react-router';
import logoUrl from '../assets/logo.svg';

// Login screens: a centred column under the logo. Kept free of heavy MUI parts.
export function Component() {
  return (
    <div className="account-layout">
      <header className="account-layout__header">
        <img src={logoUrl} alt="" width={40} height={40} />
        <span className="account-layout__brand">ポテパンキャンプ</span>
      </header>
      <main className="account-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
