import { describe, expect, it } from 'vitest';
import {
  reviewLevelLabels,
  reviewStatusLabels,
  statusTone,
  submissionStatusLabels,
  taskStatusLabels,
} from './review-status';

describe('curriculum and review labels', () => {
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
