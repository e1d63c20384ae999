import type { Account } from '../../lib/api-types';
import { isAdmin, isAdminOrMentor } from '../../lib/roles';
import type { Answer, Question } from './types';

// Who may do what on a question page (the server enforces the same rules).
export const canEditQuestion = (me: Account, q: Question) => me.id === q.account.id || isAdmin(me.role);
export const canMarkSolution = (me: Account, q: Question) => me.id === q.account.id || isAdminOrMentor(me.role);
export const canPickUp = (me: Account) => isAdminOrMentor(me.role);
export const canEditAnswer = (me: Account, a: Answer) => me.id === a.account.id || isAdmin(me.role);
