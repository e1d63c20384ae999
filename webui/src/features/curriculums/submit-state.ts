import type { Role, TaskDetail } from '../../lib/api-types';
import { messages } from '../../lib/messages';

export type SubmitPanel = { kind: 'form' } | { kind: 'notice'; message: string } | { kind: 'none' };

/**
 * What a task shows under its body: the submit form when the caller may submit; a student
 * whose latest submission waits or passed, and a trial account, see why not; admins and
 * mentors (they review, they do not submit) see nothing.
 */
export function submitPanel(role: Role, task: Pick<TaskDetail, 'can_submit' | 'status'>): SubmitPanel {
  if (role === 'trial') return { kind: 'notice', message: messages.trial_cannot_submit };
  if (role !== 'student') return { kind: 'none' };
  if (task.can_submit) return { kind: 'form' };
  if (task.status === 'approved') return { kind: 'notice', message: messages.task_already_approved };
  return { kind: 'notice', message: messages.submission_pending };
}
