import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { questionnaireKeys } from '../query-keys';

// The four kinds with the caller's state (answered, owed, not_yet).
export const getQuestionnaires = () => unwrap(api.GET('/api/v1/questionnaires'));

export const useQuestionnaires = (enabled = true) =>
  useQuery({ queryKey: questionnaireKeys.list(), queryFn: getQuestionnaires, enabled });
