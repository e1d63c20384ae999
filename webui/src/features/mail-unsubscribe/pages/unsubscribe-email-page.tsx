import { UnsubscribePage } from '../components/unsubscribe-page';

export function Component() {
  return <UnsubscribePage topic="school" />;
}
