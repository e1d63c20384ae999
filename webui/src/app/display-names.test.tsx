import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountChip } from '../components/account-chip';
import { SubmissionSummary } from '../features/reviews/components/submission-summary';
import { MentorPanel } from '../features/students/components/mentor-panel';
import { StudentFilters } from '../features/students/components/student-filters';
import { StudentTable } from '../features/students/components/student-table';
import { defaultListState } from '../features/students/list-state';
import { displayName } from '../lib/display-name';
import { submissionDetail } from '../test/curriculum-samples';
import { mentorPerson, sampleDetail, sampleStudent } from '../test/student-samples';

// People without a nickname, as the daemon names them: by the student record's name, or by the
// e-mail's local part when there is no record.
const kimura = mentorPerson(8, 'kenta.kimura');
const watanabe = sampleStudent({ id: 42, nickname: '', name: '渡辺 健太', display_name: '渡辺 健太', mentor: kimura });

const withProviders = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('display names', () => {
  it('are the daemon’s, whatever else the person carries', () => {
    expect(displayName({ display_name: 'みさき' })).toBe('みさき');
    expect(displayName(kimura)).toBe('kenta.kimura');
    expect(displayName(watanabe)).toBe('渡辺 健太');
  });

  it('name an avatar chip, never with a placeholder', () => {
    render(<AccountChip account={{ display_name: 'kenta.kimura', image_url: null }} />);
    expect(screen.getByText('kenta.kimura')).toBeTruthy();
    expect(screen.queryByText('名無し')).toBeNull();
  });

  it('fill every mentor option of the students filter', () => {
    render(
      <StudentFilters
        state={defaultListState}
        mentors={[mentorPerson(3, '佐藤メンター'), kimura]}
        onChange={() => {}}
      />,
    );
    const options = within(screen.getByRole('combobox', { name: '担当' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['すべて', '未割り当て', '佐藤メンター', 'kenta.kimura']);
  });

  it('name the student and the mentor in the students table, the record’s 氏名 under a nickname', () => {
    withProviders(<StudentTable students={[watanabe, sampleStudent()]} state={defaultListState} onSort={() => {}} />);
    const [first, second] = screen.getAllByTestId('student-row');
    expect(within(first!).getByRole('link').textContent).toBe('渡辺 健太');
    expect(first!.textContent).toContain('kenta.kimura');
    expect(within(second!).getByRole('link').textContent).toBe('たろう');
    expect(second!.textContent).toContain('山田 太郎');
  });

  it('name the mentor in charge and who changed it in the history', () => {
    const detail = {
      ...sampleDetail({ mentor: kimura }),
      mentor_history: [
        {
          mentor: kimura,
          changed_by: { ...mentorPerson(1, 'hanako.admin'), role: 'admin' as const },
          changed_at: '2026-08-03T09:00:00+09:00',
        },
      ],
    };
    withProviders(<MentorPanel student={detail} mentors={[kimura]} canChange={false} />);
    expect(screen.getByTestId('mentor-name').textContent).toBe('kenta.kimura');
    expect(screen.getByText(/\(変更: hanako\.admin\)/)).toBeTruthy();
  });

  it('name the student and the mentor who claimed a submission in the review dialog', () => {
    render(
      <SubmissionSummary
        submission={submissionDetail({
          student: { id: 7, display_name: 'watanabe', image_url: null, course: 'rails_4m' },
          claimed_by: { id: 8, display_name: 'kenta.kimura' },
        })}
      />,
    );
    expect(screen.getByText('watanabe')).toBeTruthy();
    expect(screen.getByText('担当: kenta.kimuraさん')).toBeTruthy();
  });
});
