import Box from '@mui/material/Box';
import { Outlet, useMatch, useNavigate } from 'react-router';
import { AiChatPanel } from '../features/ai-chat/components/ai-chat-panel';
import { messages } from '../lib/messages';
import { questionDraftState, type QuestionsOutletContext } from '../lib/question-handoff';

// The question pages with the "AIに聞く" panel (docs/ai-chat.md). On the list, where new
// questions are posted, the list page places it under its heading and it suggests asking first
// (a similar resolved question may exist); on a question it follows the question. A conversation
// the AI could not settle becomes a draft in the list's 質問する dialog.
export function Component() {
  const onList = useMatch('/questions') !== null;
  const navigate = useNavigate();
  const panel = (
    <AiChatPanel
      key={onList ? 'list' : 'question'}
      hint={onList ? messages.ai_chat_similar_hint : undefined}
      onDraftQuestion={(draft) => void navigate('/questions', { state: questionDraftState(draft) })}
    />
  );
  if (onList) return <Outlet context={{ aiChat: panel } satisfies QuestionsOutletContext} />;
  return (
    <>
      <Outlet />
      <Box sx={{ mt: 4 }}>{panel}</Box>
    </>
  );
}
