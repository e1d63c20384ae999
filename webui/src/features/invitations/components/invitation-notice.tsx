import Typography from '@mui/material/Typography';
import type { InvitationView } from '../../../lib/api-types';
import { displayName } from '../../../lib/display-name';
import { fill, messages } from '../../../lib/messages';

// No id, or one that is unknown, accepted or replaced: the link is invalid.
export function InvalidInvitation() {
  return (
    <Typography role="alert" sx={{ mb: 2 }}>
      {messages.invitation_link_invalid}
    </Typography>
  );
}

// Expired: say so, and who to ask for a new invitation.
export function ExpiredInvitation({ contact }: { contact: InvitationView['contact'] }) {
  return (
    <>
      <Typography role="alert" sx={{ mb: 2 }}>
        {messages.invitation_expired}
      </Typography>
      <Typography>
        {contact
          ? fill(messages.invitation_ask_inviter, { name: displayName(contact), email: contact.email })
          : messages.invitation_ask_school}
      </Typography>
    </>
  );
}
