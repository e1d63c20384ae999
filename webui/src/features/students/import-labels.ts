// Words of the import screen: what happens to a row and which fields change.
import type { ImportReport, ImportRow } from '../../lib/api-types';

export const IMPORT_MAX_BYTES = 1024 * 1024; // the daemon's http.max_json_body_bytes

export const actionLabels: Record<ImportRow['action'], string> = {
  create: '新規',
  update: '更新',
};

export const changeLabels: Record<ImportRow['changes'][number], string> = {
  name: '氏名',
  course: 'コース',
  start_date: '開始日',
  status: 'ステータス',
  mentor: '担当',
};

export const encodingLabels: Record<ImportReport['encoding'], string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (BOM付き)',
  shift_jis: 'Shift_JIS',
};

export const changesText = (changes: ImportRow['changes']) => changes.map((c) => changeLabels[c]).join('、');
