import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

// The four subsidy questionnaires with the student's state (answered, owed, not_yet).
export const getQuestionnaires = () => unwrap(api.GET('/api/v1/questionnaires'));

export const useQuestionnaires = () => useQuery({ queryKey: ['questionnaires', 'list'], queryFn: getQuestionnaires });
