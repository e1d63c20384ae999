// daemon/openapi.yaml for unit tests: which route templates, methods and statuses the daemon
// declares, so no test can mock an answer the daemon would never give.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Operation {
  responses: Record<string, unknown>;
}
type PathItem = Record<string, Operation>;

// vitest runs in webui/ (npm --prefix webui test).
const spec = parse(readFileSync(join(process.cwd(), '..', 'daemon', 'openapi.yaml'), 'utf8')) as {
  paths: Record<string, PathItem>;
};

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
