import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageTitle, SITE_TITLE } from './page-title';

describe('PageTitle', () => {
  it("names the tab after the page while it is shown, and the site's name again after", () => {
    document.title = SITE_TITLE;
    const view = render(<PageTitle title="質問一覧" />);
    expect(document.title).toBe('質問一覧 | camp management site');
    view.rerender(<PageTitle title="イベント" />);
    expect(document.title).toBe('イベント | camp management site');
    view.unmount();
    expect(document.title).toBe(SITE_TITLE);
  });
});
