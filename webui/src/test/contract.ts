// daemon/openapi.yaml for unit tests: which route templates, methods and statuses the daemon
// declares, and the schema of each answer's body, so no test can mock an answer the daemon
// would never give. The same checks as the black-box API tests (tests/api/lib/contract.mjs):
// ajv with the formats, OpenAPI 3.0's `nullable` being an ajv keyword.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

interface Response {
  $ref?: string;
  content?: Record<string, unknown>;
}
interface Operation {
  responses: Record<string, Response>;
}
type PathItem = Record<string, Operation>;
interface Spec {
  paths: Record<string, PathItem>;
  components: { responses: Record<string, Response> };
}

// vitest runs in webui/ (npm --prefix webui test).
const spec = parse(readFileSync(join(process.cwd(), '..', 'daemon', 'openapi.yaml'), 'utf8')) as Spec;

const SPEC_ID = 'openapi.json';
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ ...spec, $id: SPEC_ID });

const templates = Object.keys(spec.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The contract's template for a concrete path (`/api/v1/questions/7` → `/api/v1/questions/{id}`). */
export function routeTemplate(path: string): string | null {
  return templates.find((t) => t.pattern.test(path))?.template ?? null;
}

/** Why `status` is not an answer the daemon declares for METHOD PATH, or null when it is. */
export function undeclaredReason(method: string, path: string, status: number): string | null {
  const template = routeTemplate(path);
  if (!template) return `${method} ${path} is not in daemon/openapi.yaml (the daemon does not serve it)`;
  const operation = spec.paths[template]?.[method.toLowerCase()];
  if (!operation) return `${method} ${template} is not in daemon/openapi.yaml`;
  if (!(String(status) in operation.responses))
    return `${method} ${template} does not declare ${status} in daemon/openapi.yaml`;
  return null;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map<string, ValidateFunction>();
function validatorAt(jsonPointer: string): ValidateFunction {
  let validate = validators.get(jsonPointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${SPEC_ID}#/${jsonPointer}` });
    validators.set(jsonPointer, validate);
  }
  return validate;
}

/**
 * Why `body` is not what the daemon answers for METHOD PATH with `status` (its status not
 * declared, a body where none is declared, none where JSON is, or a body that breaks the
 * declared schema), or null when it is.
 */
export function answerProblem(method: string, path: string, status: number, body: unknown): string | null {
  const undeclared = undeclaredReason(method, path, status);
  if (undeclared) return undeclared;
  const template = routeTemplate(path) as string;
  const where = `${method} ${template} → ${status}`;
  let response = spec.paths[template]![method.toLowerCase()]!.responses[String(status)]!;
  let at = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    response = spec.components.responses[name]!;
    at = pointer('components', 'responses', name);
  }
  const json = response.content?.['application/json'];
  if (!json) {
    if (body === undefined) return null;
    if (!response.content) return `${where} declares no body in daemon/openapi.yaml, the mock has one`;
    return null; // CSV, iCalendar, text: not JSON, not checked here
  }
  if (body === undefined) return `${where} declares a JSON body in daemon/openapi.yaml, the mock has none`;
  const validate = validatorAt(`${at}/${pointer('content', 'application/json', 'schema')}`);
  if (validate(body)) return null;
  return `${where}: the mock's body breaks its schema in daemon/openapi.yaml: ${ajv.errorsText(validate.errors)}`;
}
