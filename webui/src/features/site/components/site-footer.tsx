import { Link } from 'react-router';
import { currentYear } from '../../../lib/dates';
import { useSite } from '../api/get-site';

// © current year; privacy policy and terms (URLs from GET /api/v1/site) open in a new tab.
export function SiteFooter() {
  const { data: site } = useSite();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <small>© {currentYear()} camp</small>
      {site?.privacy_policy_url && (
        <a href={site.privacy_policy_url} target="_blank" rel="noopener noreferrer">
          プライバシーポリシー
        </a>
      )}
      {site?.terms_url && (
        <a href={site.terms_url} target="_blank" rel="noopener noreferrer">
          利用規約
        </a>
      )}
      <Link to="/ga">アクセス解析について</Link>
    </footer>
  );
}
