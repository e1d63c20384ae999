import { api, unwrap } from '../../../lib/api-client';

// Admin: the CSV to start an import from (the header the importer reads, in Japanese), fetched
// with the bearer token (a plain link would carry none), then handed to the browser.
export const IMPORT_TEMPLATE_NAME = 'students-template.csv';

export const getImportTemplate = () =>
  unwrap(api.GET('/api/v1/student_imports/template', { parseAs: 'blob' })) as Promise<Blob>;
