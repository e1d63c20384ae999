// Every response of the black-box suite checked against daemon/openapi.yaml: the status must be
// declared for the route and method, and a JSON body must match the schema declared for that
// status (ajv; OpenAPI 3.0's `nullable` is an ajv keyword). `api()` in client.mjs calls
// checkResponse on each answer, so a route that drifts from the contract fails the test that hit it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const SPEC_ID = 'openapi.json';
export const spec = parse(readFileSync(new URL('../../../daemon/openapi.yaml', import.meta.url), 'utf8'));

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema({ ...spec, $id: SPEC_ID });

// Path parameters are integer ids ({id}): the router answers 404 to anything else. A parameter
// the path declares inline as a string (link ids of password resets, invitations and unsubscribe
// links, names) is one segment.
const stringParams = (item) =>
  new Set((item.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.type === 'string').map((p) => p.name));
const templates = Object.keys(spec.paths).map((template) => {
  const strings = stringParams(spec.paths[template]);
  const source = template
    .replace(/[.]/g, '\\.')
    .replace(/\{([^}]+)\}/g, (_, name) => (strings.has(name) ? '[^/]+' : '[0-9]+'));
  return { template, pattern: new RegExp(`^${source}$`) };
});

const pointer = (...parts) => parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const validators = new Map();
function validatorAt(jsonPointer) {
  if (!validators.has(jsonPointer)) validators.set(jsonPointer, ajv.compile({ $ref: `${SPEC_ID}#/${jsonPointer}` }));
  return validators.get(jsonPointer);
}

// A response object and where it lives, following a $ref into components/responses.
function resolveResponse(template, method, status) {
  const declared = spec.paths[template][method].responses[status];
  if (!declared) return null;
  if (declared.$ref) {
    const name = declared.$ref.replace('#/components/responses/', '');
    return { response: spec.components.responses[name], at: pointer('components', 'responses', name) };
  }
  return { response: declared, at: pointer('paths', template, method, 'responses', status) };
}

function checkBody(where, res, schemaAt) {
  assert.match(res.headers.get('content-type') || '', /^application\/json/, `${where}: declared JSON, got another type`);
  assert.notEqual(res.json, undefined, `${where}: the body is not JSON: ${res.text.slice(0, 200)}`);
  const validate = validatorAt(schemaAt);
  if (!validate(res.json))
    assert.fail(`${where}: the body breaks its schema in daemon/openapi.yaml: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 400)}`);
}

const errorSchemaAt = pointer('components', 'schemas', 'Error');

/**
 * Fails (AssertionError) when `res` ({status, headers, json, text}) is not an answer the
 * contract declares for METHOD PATH. Paths outside /api/ that the contract does not list
 * (static files, uploads, the web app) are not part of it and pass.
 */
export function checkResponse(method, rawPath, res) {
  const path = rawPath.split('?')[0];
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const where = `${method} ${path} → ${res.status}`;
  const match = templates.find((t) => t.pattern.test(path));
  if (!match) {
    if (!path.startsWith('/api/')) return;
    // 400: a path that is not even valid UTF-8 text is refused before routing.
    assert.ok([400, 404].includes(res.status), `${where}: not in daemon/openapi.yaml, so the daemon must answer 404 (or 400)`);
    return checkBody(where, res, errorSchemaAt);
  }
  const item = spec.paths[match.template];
  if (!item[verb]) {
    assert.equal(res.status, 405, `${where}: ${verb.toUpperCase()} ${match.template} is not in daemon/openapi.yaml, so 405`);
    return checkBody(where, res, errorSchemaAt);
  }
  const resolved = resolveResponse(match.template, verb, String(res.status));
  assert.ok(resolved, `${where}: ${verb.toUpperCase()} ${match.template} does not declare ${res.status} in daemon/openapi.yaml`);
  if (method.toLowerCase() === 'head') return;
  const content = resolved.response.content;
  if (!content) {
    assert.equal(res.text, '', `${where}: declared without a body, got one`);
    return;
  }
  // A route may declare several types (JSON, or CSV/iCalendar): the answer's type must be one
  // of them, and a JSON answer must match its schema.
  const type = (res.headers.get('content-type') || '').split(';')[0].trim();
  const declared = Object.keys(content);
  if (content['application/json'] && (type === 'application/json' || declared.length === 1)) {
    checkBody(where, res, `${resolved.at}/${pointer('content', 'application/json', 'schema')}`);
  } else {
    assert.ok(declared.includes(type), `${where}: answered ${type || 'no Content-Type'}, declared ${declared.join(', ')}`);
  }
}
