import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { StudentQuestion } from '../../../lib/api-types';
import { studentKeys } from '../query-keys';

export const getStudentQuestions = (id: number): Promise<{ data: StudentQuestion[] }> =>
  unwrap(api.GET('/api/v1/students/{id}/questions', { params: { path: { id } } }));

export const useStudentQuestions = (id: number) =>
  useQuery({ queryKey: studentKeys.questions(id), queryFn: () => getStudentQuestions(id) });
