import defaultAvatarUrl from '../assets/default-avatar.svg';
import { displayName, type Named } from '../lib/display-name';
import './account-chip.css';

/** Whatever the API says about a person shown next to their work. */
export interface AccountSummary extends Named {
  image_url: string | null;
}

// Avatar + display name of an author, a reviewer, a student or an answering account.
export function AccountChip({ account, size = 28 }: { account: AccountSummary; size?: number }) {
  return (
    <span className="account-chip">
      <img
        className="account-chip__avatar"
        src={account.image_url || defaultAvatarUrl}
        alt=""
        width={size}
        height={size}
      />
      <span className="text-body2">{displayName(account)}</span>
    </span>
  );
}
