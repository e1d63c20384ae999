// Which claim and review actions the queue offers a user for a submission. The server decides
// (lib/curriculum); these rules only keep buttons the server would refuse from showing.
import type { Account, Submission } from '../../lib/api-types';
import { displayName } from '../../lib/display-name';
import { fill, messages } from '../../lib/messages';

type Me = Pick<Account, 'id' | 'role'>;
type Claimable = Pick<Submission, 'status' | 'can_review' | 'claimed_by'>;

const claimedByOther = (s: Claimable, me: Me) => s.claimed_by !== null && s.claimed_by.id !== me.id;

/** A waiting submission of a level the user reviews, claimed by nobody. */
export const canClaim = (s: Claimable): boolean => s.status === 'waiting' && s.can_review && s.claimed_by === null;

/** The claimer, or an admin, may release a claim. */
export const canRelease = (s: Claimable, me: Me): boolean =>
  s.status === 'waiting' && s.claimed_by !== null && (s.claimed_by.id === me.id || me.role === 'admin');

/** Why the user cannot review this submission now (the server's words), or null. */
export function reviewBlocked(s: Claimable, me: Me): string | null {
  if (s.status !== 'waiting') return messages.submission_already_reviewed;
  if (!s.can_review) return messages.review_level_forbidden;
  if (claimedByOther(s, me) && me.role !== 'admin')
    return fill(messages.submission_claimed, { name: s.claimed_by ? displayName(s.claimed_by) : '' });
  return null;
}
