import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/auth-token';
import { account, mockApi } from '../test/api-mock';
import { queryClient } from './query-client';
import { renderAt } from '../test/render-route';

const site = {
  version: '7.9',
  privacy_policy_url: 'https://example.com/privacy',
  terms_url: 'https://example.com/terms',
};

afterEach(() => queryClient.clear());

describe('routes', () => {
  it('unknown pages show 404 "This page could not be found"', async () => {
    mockApi({});
    renderAt('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByTestId('error-status')).toHaveTextContent('404');
  });

  it('an unauthenticated deep link lands on the login page with the path remembered', async () => {
    mockApi({});
    const router = renderAt('/students');
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?authorized=false&redirect=%2Fstudents');
    expect(screen.getByText('ログインしてください')).toBeInTheDocument();
  });

  it('a student on an admin page sees the 404 card inside the frame', async () => {
    setToken('jwt');
    mockApi({
      'GET /api/v1/accounts/me': [200, account()],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/x_share_milestones': [200, { milestone_type: null }],
      'GET /api/v1/events/unread_count': [200, { unread_count: 0 }],
    });
    renderAt('/dashboards');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('Railsキャリアコース');
  });

  it('a mentor reaches the students frame page with the menu', async () => {
    setToken('jwt');
    mockApi({
      'GET /api/v1/accounts/me': [200, account({ role: 'advanced_mentor', course: null })],
      'GET /api/v1/site': [200, site],
      'GET /api/v1/students': [200, { data: [], meta: { page: 1, per: 20, total: 0 } }],
      'GET /api/v1/mentors': [200, { data: [] }],
    });
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '受講生管理' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/students');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('ポテパンキャンプ');
    const privacy = await screen.findByRole('link', { name: 'プライバシーポリシー' });
    expect(privacy).toHaveAttribute('href', site.privacy_policy_url);
    expect(privacy).toHaveAttribute('target', '_blank');
  });
});
