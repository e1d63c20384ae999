// What the share dialog says for each milestone (spec §2): four task milestones, and a default
// (first login) for any other kind.
export const SHARE_HASHTAG = 'ポテパンキャンプ';

export interface ShareContent {
  title: string;
  message: string;
  shareText: string;
}

const cleared = (subject: string): ShareContent => ({
  title: 'おめでとうございます！',
  message: `${subject}の課題をすべてクリアしました。ここまでの成果をシェアしましょう。`,
  shareText: `ポテパンキャンプで${subject}の課題をすべてクリアしました！`,
});

const contents: Record<string, ShareContent> = {
  html_css_tasks_approved: cleared('HTML/CSS'),
  javascript_tasks_approved: cleared('JavaScript'),
  ruby_tasks_approved: cleared('Ruby'),
  ruby_on_rails_tasks_approved: cleared('Ruby on Rails'),
};

const firstLogin: ShareContent = {
  title: 'ようこそ！',
  message: 'いよいよ学習のスタートです。意気込みをシェアしましょう。',
  shareText: 'ポテパンキャンプでRailsエンジニアを目指して学習をスタートしました！',
};

export function shareContent(milestoneType: string): ShareContent {
  return contents[milestoneType] ?? firstLogin;
}

export function shareUrl(content: ShareContent): string {
  const params = new URLSearchParams({ text: content.shareText, hashtags: SHARE_HASHTAG });
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}
