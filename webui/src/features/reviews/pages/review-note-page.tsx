import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { AppTheme } from '../../../components/app-theme';
import { MarkdownView } from '../../../components/markdown-view';
import { PageHeading } from '../../../components/page-heading';
import type { ReviewNoteName } from '../../../lib/api-types';
import { useReviewNote } from '../api/get-review-note';
import { stripTitle } from '../note-title';

// /reviews/notes/rules-for-basic-mentors and …/rules-for-advanced-mentors (the route accepts
// only those two names): the rules for reviewers, Markdown from the daemon.
export function Component() {
  const name = useParams().note as ReviewNoteName;
  const note = useReviewNote(name);
  if (note.error) throw note.error; // the route's error page shows its status
  return (
    <AppTheme>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <Link to="/reviews">レビュー</Link>
      </Typography>
      {!note.data ? (
        <LinearProgress aria-label="読み込み中" />
      ) : (
        <>
          <PageHeading title={note.data.title} />
          <MarkdownView source={stripTitle(note.data.body)} testId="review-note-body" />
        </>
      )}
    </AppTheme>
  );
}
