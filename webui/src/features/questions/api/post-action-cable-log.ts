import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { CableReport } from '../types';

// Connection problems of the question channel; the answer is not shown, failures only logged.
export const postActionCableLog = (id: number, error: CableReport) =>
  unwrap(api.POST('/api/v1/questions/action_cable_logger', { body: { id, error } }));

export function reportCableError(id: number, error: CableReport): void {
  postActionCableLog(id, error).catch((cause: unknown) => console.warn('action_cable_logger failed', cause));
}

export const usePostActionCableLog = () =>
  useMutation({ mutationFn: ({ id, error }: { id: number; error: CableReport }) => postActionCableLog(id, error) });
