import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import ErrorCard from './error-card';
import { errorEntry } from './error-catalogue';

function setup(initialEntries: string[], initialIndex: number) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>index</p> },
      { path: '/previous', element: <p>previous</p> },
      { path: '/broken', element: <ErrorCard entry={errorEntry(503)} /> },
    ],
    { initialEntries, initialIndex },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ErrorCard', () => {
  it('shows status, title, message and detail', () => {
    setup(['/broken'], 0);
    expect(screen.getByTestId('error-status')).toHaveTextContent('503');
    expect(screen.getByRole('heading', { name: 'Service Temporarily Unavailable' })).toBeInTheDocument();
    expect(screen.getByText('アクセスが集中しています')).toBeInTheDocument();
    expect(screen.getByText('時間をおいて再度お試しください。')).toBeInTheDocument();
  });

  it('goes to the index when there is no previous screen', async () => {
    const router = setup(['/broken'], 0);
    await userEvent.click(screen.getByRole('button', { name: '前の画面に戻る' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
