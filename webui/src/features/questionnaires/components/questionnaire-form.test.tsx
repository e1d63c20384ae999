import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldByKey } from '../definition';
import { forgetOpenDrafts, openDraft } from '../questionnaire-draft';
import { sampleDefinition as definition } from '../test-fixtures';
import { QuestionnaireForm } from './questionnaire-form';

const keys = [...fieldByKey(definition).keys()];

function renderForm(serverErrors?: Record<string, string[]>) {
  const draft = openDraft(3, 'pre-curriculum', keys);
  const onConfirm = vi.fn();
  const view = render(
    <QuestionnaireForm definition={definition} draft={draft} serverErrors={serverErrors} onConfirm={onConfirm} />,
  );
  return { draft, onConfirm, view };
}

const select = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'select' });

beforeEach(() => {
  sessionStorage.clear();
  forgetOpenDrafts();
});

describe('questionnaire form (rendered from the definition)', () => {
  it('renders each type as its control', () => {
    renderForm();
    const employed = screen.getByRole('radiogroup', { name: /現在、就業していますか/ });
    expect(
      within(employed)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['yes', 'no']);
    expect(
      within(select('お住まいの都道府県'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['選択してください', '北海道', '東京都', '沖縄県']);
    expect(screen.getByLabelText(/転職回数/)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('回')).toBeInTheDocument();
    expect(screen.getByLabelText(/内定承諾日/)).toHaveAttribute('type', 'date');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByLabelText(/満足度の理由/).tagName).toBe('TEXTAREA');
  });

  it('shows the employment fields only when employed, with the yen field', async () => {
    renderForm();
    expect(screen.queryByLabelText(/年収/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'はい' }));
    expect(screen.getByLabelText(/年収/)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('円')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'いいえ' }));
    expect(screen.queryByLabelText(/年収/)).toBeNull();
  });

  it('narrows the job category selects level by level and clears the lower ones on a change', async () => {
    const { draft } = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'はい' }));
    expect(select('職種（中分類）')).toBeDisabled();
    fireEvent.change(select('職種（大分類）'), { target: { value: 'it' } });
    expect(select('職種（中分類）')).toBeEnabled();
    fireEvent.change(select('職種（中分類）'), { target: { value: 'it_dev' } });
    expect(
      within(select('職種（小分類）'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['選択してください', 'Webアプリケーション開発', '組込み開発']);
    fireEvent.change(select('職種（小分類）'), { target: { value: 'it_dev_web' } });
    fireEvent.change(select('職種（大分類）'), { target: { value: 'sales' } });
    expect(select('職種（中分類）')).toHaveValue('');
    expect(select('職種（小分類）')).toBeDisabled();
    expect(draft.store.get()).toMatchObject({ jobCategoryMajor: 'sales', jobCategoryMedium: '', jobCategoryMinor: '' });
  });

  it('keeps every change in the draft, so it survives leaving the page', async () => {
    const { view } = renderForm();
    fireEvent.change(select('お住まいの都道府県'), { target: { value: '47' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '基本情報技術者' }));
    fireEvent.input(screen.getByLabelText(/転職回数/), { target: { value: '2' } });
    view.unmount();
    forgetOpenDrafts();
    renderForm();
    expect(select('お住まいの都道府県')).toHaveValue('47');
    expect(screen.getByRole('checkbox', { name: '基本情報技術者' })).toBeChecked();
    expect(screen.getByLabelText(/転職回数/)).toHaveValue('2');
  });

  it('points at each invalid field in Japanese and does not go on', async () => {
    const { onConfirm } = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'はい' }));
    fireEvent.input(screen.getByLabelText(/年収/), { target: { value: '42万' } });
    fireEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    expect(await screen.findByText('お住まいの都道府県を選択してください')).toBeInTheDocument();
    expect(screen.getByText('年収は半角数字（整数）で入力してください')).toBeInTheDocument();
    expect(screen.getByLabelText(/年収/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('職種（小分類）を選択してください')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('goes on to the confirm step with a complete answer', async () => {
    const { onConfirm } = renderForm();
    fireEvent.click(screen.getByRole('radio', { name: 'いいえ' }));
    fireEvent.change(select('お住まいの都道府県'), { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: '確認画面へ' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
  });

  it("shows the daemon's 422 message under its field", async () => {
    renderForm({ prefecture: ['お住まいの都道府県の選択肢が正しくありません'], unknownKey: ['x'] });
    expect(await screen.findByText('お住まいの都道府県の選択肢が正しくありません')).toBeInTheDocument();
    expect(select('お住まいの都道府県')).toHaveAttribute('aria-invalid', 'true');
  });
});
