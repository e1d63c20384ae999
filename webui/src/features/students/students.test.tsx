import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MentoringForm } from './components/mentoring-form';
import { actionLabels, changesText } from './import-labels';
import { defaultListState, parseListState, toListParams, withFilter, withSort } from './list-state';
import { charCount, heldAtInput, mentoringSchema, mentorSchema, parseHeldAt } from './mentoring-schema';

const issues = (values: { heldAt: string; body: string }) => {
  const result = mentoringSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
};

describe('mentoring schema (spec messages word for word)', () => {
  const body = '次回までに課題18を提出する';
  it('date-time required', () => {
    expect(issues({ heldAt: '', body })).toEqual(['heldAt: メンタリング日時は必須です']);
    expect(issues({ heldAt: '   ', body })).toEqual(['heldAt: メンタリング日時は必須です']);
  });
  it('at least 14 characters and a real date-time, else the format message', () => {
    for (const heldAt of [
      '2026-11-20',
      '2026-11-20 9:0',
      '2026-02-30 10:00',
      '2026-11-20 24:00',
      'あいうえおかきくけこさしすせ',
      '2026-11-20 10:60',
    ])
      expect(issues({ heldAt, body })).toEqual(['heldAt: メンタリング日時が不正なフォーマットです']);
    for (const heldAt of ['2026-11-20T19:00', '2026-11-20 19:00:30', '2026/11/20 19:00', '2028-02-29T00:00'])
      expect(issues({ heldAt, body })).toEqual([]);
  });
  it('reads what the field gives as Tokyo time', () => {
    expect(parseHeldAt('2026-11-20T19:00')).toBe('2026-11-20T19:00:00+09:00');
    expect(parseHeldAt('2026/11/20 19:00:05')).toBe('2026-11-20T19:00:05+09:00');
    expect(parseHeldAt('2026-11-31T19:00')).toBeNull();
  });
  it('body required (not only whitespace) and at most 500 characters', () => {
    const heldAt = '2026-11-20T19:00';
    expect(issues({ heldAt, body: '' })).toEqual(['body: 内容は必須です']);
    expect(issues({ heldAt, body: ' \n\t　' })).toEqual(['body: 内容は必須です']);
    expect(issues({ heldAt, body: 'あ'.repeat(500) })).toEqual([]);
    expect(issues({ heldAt, body: '𠮷'.repeat(500) })).toEqual([]); // code points, not UTF-16 units
    expect(charCount('𠮷')).toBe(1);
    expect(issues({ heldAt, body: 'あ'.repeat(501) })).toEqual(['body: 内容は500文字以内でご入力ください']);
  });
  it('mentor in charge required', () => {
    const fail = mentorSchema.safeParse({ mentorId: '' });
    expect(fail.success ? [] : fail.error.issues.map((i) => i.message)).toEqual(['担当は必須です']);
    expect(mentorSchema.safeParse({ mentorId: '3' }).success).toBe(true);
  });
});

describe('mentoring form', () => {
  const renderForm = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MentoringForm studentId={41} />
      </QueryClientProvider>,
    );

  it('shows the required messages when sent empty and the others as the mentor types', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: '追加する' }));
    expect(await screen.findByText('メンタリング日時は必須です')).toBeInTheDocument();
    expect(screen.getByText('内容は必須です')).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('メンタリング日時'), { target: { value: '2026-11-20' } });
    fireEvent.input(screen.getByLabelText('内容'), { target: { value: 'あ'.repeat(501) } });
    expect(await screen.findByText('内容は500文字以内でご入力ください')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('メンタリング日時が不正なフォーマットです')).toBeInTheDocument());
  });
});

describe('editing a mentoring record', () => {
  it('shows the stored time as typed, Tokyo time, and parses back to the same instant', () => {
    expect(heldAtInput('2026-11-20T10:00:00Z')).toBe('2026-11-20 19:00');
    expect(heldAtInput('2026-12-31T15:30:00Z')).toBe('2027-01-01 00:30');
    expect(parseHeldAt(heldAtInput('2026-11-20T10:00:00Z'))).toBe('2026-11-20T19:00:00+09:00');
  });
  it('fills the form with the record and offers 更新する and キャンセル', async () => {
    const onDone = vi.fn();
    const record = {
      id: 7,
      student_id: 41,
      author: null,
      held_at: '2026-11-20T10:00:00Z',
      body: '前回の相談内容',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MentoringForm studentId={41} editing={record} onDone={onDone} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('メンタリング日時')).toHaveValue('2026-11-20 19:00');
    expect(screen.getByLabelText('内容')).toHaveValue('前回の相談内容');
    expect(screen.queryByRole('button', { name: '追加する' })).toBeNull();
    fireEvent.input(screen.getByLabelText('内容'), { target: { value: '   ' } });
    await userEvent.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByText('内容は必須です')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onDone).toHaveBeenCalled();
  });
});

describe('student list state (URL)', () => {
  it('round-trips every filter under the daemon parameter names', () => {
    const state = {
      q: '山田',
      course: 'rails_4m',
      mentorId: 3,
      status: 'on_leave',
      behind: true,
      startedFrom: '2026-11-01',
      startedTo: '2026-11-30',
      sort: 'name',
      order: 'asc',
      page: 2,
    } as const;
    const params = toListParams(state);
    expect(params.toString()).toBe(
      'q=%E5%B1%B1%E7%94%B0&course=rails_4m&mentor_id=3&status=on_leave&behind=true&started_from=2026-11-01&started_to=2026-11-30&sort=name&order=asc&page=2',
    );
    expect(parseListState(params)).toEqual(state);
    expect(toListParams(defaultListState).toString()).toBe('');
  });
  it('reads the dashboard links and ignores broken values', () => {
    expect(parseListState(new URLSearchParams('behind=true&course=rails_4m'))).toMatchObject({
      behind: true,
      course: 'rails_4m',
    });
    expect(parseListState(new URLSearchParams('mentor_id=none')).mentorId).toBe('none');
    expect(
      parseListState(new URLSearchParams('mentor_id=-1&page=0&sort=x&order=up&status=z&started_from=11/1')),
    ).toEqual(defaultListState);
    expect(parseListState(new URLSearchParams(`q=${'あ'.repeat(150)}`)).q).toHaveLength(100);
  });
  it('a new filter starts at page 1; the same column flips the order', () => {
    const page3 = { ...defaultListState, page: 3 };
    expect(withFilter(page3, { status: 'active' })).toMatchObject({ status: 'active', page: 1 });
    expect(withSort(page3, 'name')).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(withSort({ ...page3, sort: 'name', order: 'asc' }, 'name').order).toBe('desc');
  });
});

describe('import labels', () => {
  it('names actions and changed fields in Japanese', () => {
    expect(actionLabels.create).toBe('新規');
    expect(changesText(['course', 'mentor', 'start_date'])).toBe('コース、担当、開始日');
  });
});
