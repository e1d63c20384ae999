import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { AppTheme } from '../../../components/app-theme';
import { PageHeading } from '../../../components/page-heading';
import { analyticsConfigured } from '../consent';
import { ConsentSwitch } from '../components/consent-switch';

const measured = [
  '閲覧したページの種類（URL の数字やトークンなど個人を識別しうる部分は「:id」に置き換えます）',
  'ページを閲覧した日時',
  'ブラウザ・OS の種類、画面サイズ、おおよその地域（Google アナリティクスが通信から推定するもの）',
];
const notMeasured = [
  '氏名、メールアドレス、ニックネームなどのアカウント情報',
  '質問・提出物・コメントなど、入力された内容',
  'URL のクエリ文字列（検索語など）',
];

// /ga: what the school measures, and the visitor's opt-out (docs/ga.md).
export function Component() {
  return (
    <AppTheme>
      <Paper component="article" variant="outlined" sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <PageHeading title="アクセス解析について" />
        <Typography component="p" sx={{ mb: 2 }}>
          サービスの改善のため、Google アナリティクス 4 を利用してページの利用状況を計測しています。
          計測結果は統計としてのみ利用し、受講生の評価や個人の特定には利用しません。
        </Typography>
        <Typography component="h2" variant="h6" gutterBottom>
          計測する情報
        </Typography>
        <ul>
          {measured.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <Typography component="h2" variant="h6" gutterBottom>
          計測しない情報
        </Typography>
        <ul>
          {notMeasured.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <Typography component="h2" variant="h6" gutterBottom>
          計測の停止
        </Typography>
        <Typography component="p" sx={{ mb: 2 }}>
          下のスイッチをオフにすると、このブラウザからは計測データを送信しません。設定はこのブラウザに保存され、
          ブラウザの「トラッキング拒否（Do Not Track / Global Privacy
          Control）」が有効な場合は、初めからオフになります。
        </Typography>
        <ConsentSwitch />
        {!analyticsConfigured() && (
          <Typography variant="body2" sx={{ mt: 2 }} data-testid="analytics-not-configured">
            この環境では計測 ID が設定されていないため、設定にかかわらず計測データは送信されません。
          </Typography>
        )}
      </Paper>
    </AppTheme>
  );
}
