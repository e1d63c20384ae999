import { describe, expect, it } from 'vitest';
import {
  ageLabel,
  reviewLevelLabels,
  reviewStatusLabels,
  statusTone,
  submissionStatusLabels,
  taskStatusLabels,
} from './review-status';

describe('curriculum and review labels', () => {
  it("a waiting submission's age range, as the queue and the dashboard name it", () => {
    expect(ageLabel(null, 1)).toBe('1日未満');
    expect(ageLabel(1, 3)).toBe('1〜3日');
    expect(ageLabel(7, null)).toBe('7日以上');
    expect(ageLabel(null, null)).toBe('すべて');
  });

  it('task status for a student', () => {
    expect(Object.values(taskStatusLabels)).toEqual(['未着手', '提出済み', '修正依頼', '合格']);
  });

  it('submission status, review verdicts and review levels', () => {
    expect(submissionStatusLabels).toEqual({
      waiting: 'レビュー待ち',
      changes_requested: '修正依頼',
      approved: '合格',
    });
    expect(Object.entries(reviewStatusLabels)).toEqual([
      ['approved', '合格'],
      ['changes_requested', '修正依頼'],
    ]);
    expect(reviewLevelLabels).toEqual({ basic: 'ベーシック', advanced: '上級' });
  });

  it.each([
    ['not_started', 'neutral'],
    ['submitted', 'pending'],
    ['waiting', 'pending'],
    ['changes_requested', 'changes'],
    ['approved', 'done'],
  ] as const)('%s looks %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});
