// Sample answers of the curriculum and review routes, shaped as daemon/openapi.yaml says (the generated
// types check them), for the curriculum and review tests.
import type { Review, SubmissionDetail, TaskDetail } from '../lib/api-types';

export const SOURCE = 'https://github.com/potepan/portfolio-template';

export function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 5,
    status: 'changes_requested',
    comment: '## 指摘\n\n- 見出しの構造を直してください',
    created_at: '2026-11-21T10:00:00+09:00',
    reviewer: { id: 2, display_name: 'メンター 太郎', image_url: null },
    ...overrides,
  };
}

export function submissionDetail(overrides: Partial<SubmissionDetail> = {}): SubmissionDetail {
  return {
    id: 12,
    status: 'waiting',
    repository_url: 'https://github.com/hanako/portfolio',
    created_at: '2026-11-20T10:00:00+09:00',
    task: {
      id: 3,
      title: 'ポートフォリオサイトの模写',
      review_level: 'basic',
      curriculum: { name: 'html-css', title: 'HTML/CSS' },
    },
    student: { id: 7, display_name: '受講生 花子', image_url: null, course: 'rails_4m' },
    claimed_by: null,
    claimed_at: null,
    can_review: true,
    reviews: [],
    history: [],
    ...overrides,
  };
}

export function taskDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    id: 3,
    title: 'ポートフォリオサイトの模写',
    position: 3,
    review_level: 'basic',
    status: 'not_started',
    body: '# 課題の目的\n\nポートフォリオサイトを模写します。',
    source_repository: SOURCE,
    can_submit: true,
    submissions: [],
    ...overrides,
  };
}
