import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { LoginForm } from '../components/login-form';
import { LOGIN_REQUIRED_MESSAGE } from '../login-schema';
import { afterLoginPath } from '../redirect-path';

export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unauthorized = searchParams.get('authorized') === 'false';

  const onLoggedIn = () => {
    queryClient.clear(); // nothing cached from a previous session may leak into this one
    void navigate(afterLoginPath(searchParams), { replace: true });
  };

  return (
    <section className="login-card">
      <PageTitle title="ログイン" />
      <h1 className="login-card__title">ログイン</h1>
      {unauthorized && (
        <p className="login-card__notice" role="status">
          {LOGIN_REQUIRED_MESSAGE}
        </p>
      )}
      <LoginForm onLoggedIn={onLoggedIn} />
      <p className="login-card__links">
        <Link to="/reset-password">パスワードをお忘れの方</Link>
      </p>
    </section>
  );
}
