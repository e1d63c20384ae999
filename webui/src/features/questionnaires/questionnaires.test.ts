import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answersOf,
  dependentsOf,
  displayValue,
  fieldByKey,
  isVisible,
  optionsOf,
  payloadOf,
  validateAnswers,
} from './definition';
import { parseAdminState, toAdminParams } from './admin-state';
import { fileNameOf } from '../../lib/download';
import { kindOfSegment, questionnairePaths } from './kinds';
import { draftStorageKey, forgetOpenDrafts, openDraft } from './questionnaire-draft';
import { sampleDefinition as definition } from './test-fixtures';
import type { Answers } from './types';

const fields = fieldByKey(definition);
const field = (key: string) => fields.get(key) as NonNullable<ReturnType<typeof fields.get>>;
const keys = [...fields.keys()];

const employed: Answers = {
  isEmployed: 'yes',
  prefecture: '13',
  income: '4200000',
  jobCategoryMajor: 'it',
  jobCategoryMedium: 'it_dev',
  jobCategoryMinor: 'it_dev_web',
};

describe('kinds and paths (spec routes)', () => {
  it('reads the kind from the path segment', () => {
    expect(kindOfSegment('pre-curriculum-questionnaire')).toBe('pre-curriculum');
    expect(kindOfSegment('follow-up-questionnaire')).toBe('follow-up');
    expect(kindOfSegment('follow-up')).toBeNull();
    expect(kindOfSegment('other-questionnaire')).toBeNull();
  });

  it('builds the four routes', () => {
    expect(questionnairePaths.form('post-job-change')).toBe('/subsidy/questionnaire/post-job-change-questionnaire');
    expect(questionnairePaths.confirm('post-curriculum')).toBe(
      '/subsidy/questionnaire/post-curriculum-questionnaire/confirm',
    );
    expect(questionnairePaths.confirm('post-curriculum', 12)).toBe(
      '/subsidy/questionnaire/post-curriculum-questionnaire/12/confirm',
    );
    expect(questionnairePaths.conflict('follow-up')).toBe('/subsidy/questionnaire/follow-up-questionnaire/conflict');
    expect(questionnairePaths.complete()).toBe('/subsidy/questionnaire/complete');
  });
});

describe('visibility', () => {
  it('shows employment fields only when employed', () => {
    expect(isVisible(field('income'), { isEmployed: 'yes' }, fields)).toBe(true);
    expect(isVisible(field('income'), { isEmployed: 'no' }, fields)).toBe(false);
    expect(isVisible(field('income'), {}, fields)).toBe(false);
    expect(isVisible(field('prefecture'), {}, fields)).toBe(true);
  });

  it('hides a field whose controlling field is itself hidden', () => {
    expect(isVisible(field('companyName'), { isEmployed: 'yes', jobCategoryMajor: 'it' }, fields)).toBe(true);
    expect(isVisible(field('companyName'), { isEmployed: 'no', jobCategoryMajor: 'it' }, fields)).toBe(false);
  });

  it('a multiple choice controls through any chosen value', () => {
    const rule = { ...field('companyName'), visible_when: { field: 'qualifications', in: ['fe'] } };
    expect(isVisible(rule, { qualifications: ['it_passport', 'fe'] }, fields)).toBe(true);
    expect(isVisible(rule, { qualifications: ['it_passport'] }, fields)).toBe(false);
  });
});

describe('dependent selects (job category major → medium → minor)', () => {
  it('offers the options under the chosen parent, none before', () => {
    expect(optionsOf(field('jobCategoryMedium'), {})).toEqual([]);
    expect(optionsOf(field('jobCategoryMedium'), { jobCategoryMajor: 'it' }).map((o) => o.value)).toEqual([
      'it_dev',
      'it_infra',
    ]);
    expect(optionsOf(field('jobCategoryMinor'), { jobCategoryMedium: 'sales_store' }).map((o) => o.label)).toEqual([
      '食料品販売',
    ]);
  });

  it('clears every level below a changed select', () => {
    expect(dependentsOf(definition, 'jobCategoryMajor')).toEqual(['jobCategoryMedium', 'jobCategoryMinor']);
    expect(dependentsOf(definition, 'jobCategoryMedium')).toEqual(['jobCategoryMinor']);
    expect(dependentsOf(definition, 'prefecture')).toEqual([]);
  });
});

describe('validation (the daemon’s messages)', () => {
  it('accepts a complete answer and asks only for shown required fields', () => {
    expect(validateAnswers(definition, employed)).toEqual({});
    expect(validateAnswers(definition, { isEmployed: 'no', prefecture: '01' })).toEqual({});
  });

  it('names each missing required field in Japanese', () => {
    expect(validateAnswers(definition, { isEmployed: 'yes' })).toEqual({
      prefecture: 'お住まいの都道府県を選択してください',
      income: '年収を入力してください',
      jobCategoryMajor: '職種（大分類）を選択してください',
      jobCategoryMedium: '職種（中分類）を選択してください',
      jobCategoryMinor: '職種（小分類）を選択してください',
    });
  });

  it.each([
    [{ income: '42万' }, 'income', '年収は半角数字（整数）で入力してください'],
    [{ income: '-1' }, 'income', '年収は半角数字（整数）で入力してください'],
    [{ income: '100000001' }, 'income', '年収は0以上100,000,000以下で入力してください'],
    [{ numberOfJobChange: '31' }, 'numberOfJobChange', '転職回数は0以上30以下で入力してください'],
    [{ offerAcceptedOn: '2026-02-30' }, 'offerAcceptedOn', '内定承諾日は正しい日付を入力してください'],
    [{ offerAcceptedOn: '2019-12-31' }, 'offerAcceptedOn', '内定承諾日は正しい日付を入力してください'],
    [{ satisfactionReason: 'あ'.repeat(11) }, 'satisfactionReason', '満足度の理由は10文字以内でご入力ください'],
    [{ qualifications: ['it_passport', 'fe', 'boki2'] }, 'qualifications', '保有資格は2個まで選択できます'],
    [{ qualifications: ['toeic'] }, 'qualifications', '保有資格の選択肢が正しくありません'],
    [{ jobCategoryMedium: 'sales_store' }, 'jobCategoryMedium', '職種（中分類）の選択肢が正しくありません'],
  ] as const)('%j → %s: %s', (change, key, message) => {
    expect(validateAnswers(definition, { ...employed, ...change } as Answers)[key]).toBe(message);
  });

  it('accepts the bounds themselves', () => {
    expect(validateAnswers(definition, { ...employed, income: '0', numberOfJobChange: '30' })).toEqual({});
    expect(validateAnswers(definition, { ...employed, satisfactionReason: ` ${'あ'.repeat(10)} ` })).toEqual({});
  });
});

describe('payload and display', () => {
  it('sends shown, answered fields only, numbers as numbers', () => {
    const answers = {
      ...employed,
      isEmployed: 'no',
      numberOfJobChange: ' 2 ',
      satisfactionReason: '  ',
      qualifications: [],
    };
    expect(payloadOf(definition, answers)).toEqual({ isEmployed: 'no', prefecture: '13', numberOfJobChange: 2 });
    expect(payloadOf(definition, { ...employed, qualifications: ['fe'] })).toMatchObject({
      income: 4200000,
      jobCategoryMinor: 'it_dev_web',
      qualifications: ['fe'],
    });
  });

  it('reads a stored answer back and shows Japanese labels', () => {
    const answers = answersOf(definition, {
      isEmployed: 'yes',
      income: 4200000,
      qualifications: ['it_passport', 'fe'],
    });
    expect(answers).toEqual({ isEmployed: 'yes', income: '4200000', qualifications: ['it_passport', 'fe'] });
    expect(displayValue(field('isEmployed'), answers.isEmployed)).toBe('はい');
    expect(displayValue(field('qualifications'), answers.qualifications)).toBe('ITパスポート、基本情報技術者');
    expect(displayValue(field('income'), answers.income)).toBe('4,200,000円');
    expect(displayValue(field('numberOfJobChange'), '3')).toBe('3回');
    expect(displayValue(field('prefecture'), '13')).toBe('東京都');
    expect(displayValue(field('satisfactionReason'), undefined)).toBe('未回答');
  });
});

describe('questionnaire draft (sessionStorage, per account and kind)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    forgetOpenDrafts();
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps what was typed across a page load, per account and kind', () => {
    openDraft(7, 'pre-curriculum', keys).setField('prefecture', '13');
    forgetOpenDrafts();
    expect(openDraft(7, 'pre-curriculum', keys).store.get()).toEqual({ prefecture: '13' });
    expect(openDraft(8, 'pre-curriculum', keys).store.get()).toEqual({});
    expect(openDraft(7, 'post-curriculum', keys).store.get()).toEqual({});
  });

  it('ignores a nonexistent field with a console warning (spec §4)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const draft = openDraft(7, 'pre-curriculum', keys);
    expect(draft.setField('favouriteColour', '青')).toBe(false);
    expect(draft.store.get()).toEqual({});
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('favouriteColour');
    expect(draft.setField('isEmployed', 'yes')).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('drops stored keys the definition no longer has, and malformed storage', () => {
    sessionStorage.setItem(
      draftStorageKey(7, 'pre-curriculum'),
      JSON.stringify({ gone: 'x', prefecture: '01', income: 5 }),
    );
    expect(openDraft(7, 'pre-curriculum', keys).store.get()).toEqual({ prefecture: '01' });
    forgetOpenDrafts();
    sessionStorage.setItem(draftStorageKey(7, 'pre-curriculum'), '{not json');
    expect(openDraft(7, 'pre-curriculum', keys).store.get()).toEqual({});
  });

  it('is forgotten after the submission', () => {
    const draft = openDraft(7, 'pre-curriculum', keys);
    draft.setField('prefecture', '13');
    draft.clear();
    expect(sessionStorage.getItem(draftStorageKey(7, 'pre-curriculum'))).toBeNull();
    expect(draft.store.get()).toEqual({});
  });
});

describe('admin screen state and export file', () => {
  it('reads ?kind=&state=&q=&page= with safe defaults', () => {
    expect(parseAdminState(new URLSearchParams(''))).toEqual({ kind: 'pre-curriculum', state: 'owed', q: '', page: 1 });
    expect(parseAdminState(new URLSearchParams('kind=follow-up&state=answered&q=さくら&page=3'))).toEqual({
      kind: 'follow-up',
      state: 'answered',
      q: 'さくら',
      page: 3,
    });
    expect(parseAdminState(new URLSearchParams('kind=x&state=y&page=-2'))).toEqual({
      kind: 'pre-curriculum',
      state: 'owed',
      q: '',
      page: 1,
    });
    expect(toAdminParams({ kind: 'follow-up', state: 'all', q: '', page: 1 })).toEqual({
      kind: 'follow-up',
      state: 'all',
    });
  });

  it('saves the file under the name the daemon gives', () => {
    expect(fileNameOf('attachment; filename="questionnaire-pre-curriculum-20261125.xlsx"', 'x.xlsx')).toBe(
      'questionnaire-pre-curriculum-20261125.xlsx',
    );
    expect(fileNameOf(null, 'questionnaire-follow-up.csv')).toBe('questionnaire-follow-up.csv');
  });
});
