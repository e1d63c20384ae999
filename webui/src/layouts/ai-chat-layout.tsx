import { Outlet, useMatch } from 'react-router';
import { AiChatPanel } from '../features/ai-chat/components/ai-chat-panel';
import { messages } from '../lib/messages';

// The question pages with the "AIに聞く" panel under them (docs/ai-chat.md). On the list, where
// new questions are posted, it suggests asking first: a similar resolved question may exist.
export function Component() {
  const onList = useMatch('/questions') !== null;
  return (
    <>
      <Outlet />
      <AiChatPanel key={onList ? 'list' : 'question'} hint={onList ? messages.ai_chat_similar_hint : undefined} />
    </>
  );
}
