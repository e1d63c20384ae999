#!/usr/bin/env node
// Fails when domains include each other in a cycle: `node scripts/check-include-cycles.mjs lib`.
// A module is DIR/<domain>/<name>.hpp with its .cpp; `#include "<domain>/<name>.hpp"` is an
// edge to that module (headers outside DIR, like the generated catalogue, are not modules).
// Modules of one domain may lean on each other (db/pool calls db/idempotency's commit hook,
// which runs SQL through db/pool); a cycle through modules of two domains or more is an
// error, named module by module. Run by ctest (tests/CMakeLists.txt).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error('usage: check-include-cycles.mjs DIR');
  process.exit(2);
}

const uses = new Map(); // module -> modules it includes
for (const domain of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
  for (const file of readdirSync(join(dir, domain.name))) {
    const match = /^(.*)\.(hpp|cpp)$/.exec(file);
    if (!match) continue;
    const module = `${domain.name}/${match[1]}`;
    if (!uses.has(module)) uses.set(module, new Set());
    for (const [, target] of readFileSync(join(dir, domain.name, file), 'utf8').matchAll(/^#include "([^"]+)\.hpp"/gm))
      if (target !== module && existsSync(join(dir, `${target}.hpp`))) uses.get(module).add(target);
  }
}

// Tarjan's strongly connected components: each is a set of modules that all reach each other.
const index = new Map(), low = new Map(), stack = [], onStack = new Set(), components = [];
function visit(module) {
  index.set(module, index.size);
  low.set(module, index.get(module));
  stack.push(module);
  onStack.add(module);
  for (const used of uses.get(module) ?? []) {
    if (!index.has(used)) {
      visit(used);
      low.set(module, Math.min(low.get(module), low.get(used)));
    } else if (onStack.has(used)) low.set(module, Math.min(low.get(module), index.get(used)));
  }
  if (low.get(module) !== index.get(module)) return;
  const component = [];
  let popped;
  do {
    popped = stack.pop();
    onStack.delete(popped);
    component.push(popped);
  } while (popped !== module);
  components.push(component);
}
for (const module of [...uses.keys()].sort()) if (!index.has(module)) visit(module);

// One cycle inside a component, for the message: follow uses that stay inside until one repeats.
function cycleIn(component) {
  const inside = new Set(component);
  const path = [];
  let module = component.sort()[0];
  while (!path.includes(module)) {
    path.push(module);
    module = [...uses.get(module)].sort().find((used) => inside.has(used));
  }
  return [...path.slice(path.indexOf(module)), module];
}

const domainOf = (module) => module.split('/')[0];
const crossing = components.filter((c) => new Set(c.map(domainOf)).size > 1);
for (const component of crossing) console.error(`include cycle between domains: ${cycleIn(component).join(' -> ')}`);
if (crossing.length > 0) process.exit(1);
console.log(`no include cycle between the domains of ${dir} (${uses.size} modules)`);
