import { limits, messages } from '../../lib/messages';
import { isBlank, trimSpace } from '../../lib/validation';

// The catalogue's messages before asking the daemon, which checks the same (and whether the name is taken).
export function tagNameProblem(name: string): string | undefined {
  if (isBlank(name)) return messages.event_tag_name_required;
  if ([...trimSpace(name)].length > limits.event_tag_name_max) return messages.event_tag_name_too_long;
  return undefined;
}
