// @vitest-environment node
// The import boundaries of eslint.config.mjs, run through ESLint's own API on small sources
// placed (virtually) in the folders they claim to be in: a rule that stops catching a
// cross-feature import fails here, not in review.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const webui = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

// Loading the config and its plugins takes seconds: once, here, with room for a busy machine.
beforeAll(async () => {
  eslint = new ESLint({ cwd: webui });
  await eslint.lintText('', { filePath: `${webui}/src/lib/warm-up.ts` });
}, 120_000);

// The boundary errors ESLint reports for `source` as if it were the file `path` (under webui/).
async function boundaryErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${webui}/${path}` });
  const reported = result!.messages; // not chained: the catalogue test would take the method for a key
  return reported.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

const use = (from: string, name: string) => `import { ${name} } from '${from}';\nexport const used = ${name};\n`;

describe('import boundaries (eslint.config.mjs)', () => {
  it('refuses a relative import of another feature, however it climbs', async () => {
    const sibling = await boundaryErrors(
      'src/features/events/bad.ts',
      use('../questions/categories', 'flattenCategories'),
    );
    const viaFeatures = await boundaryErrors(
      'src/features/events/components/bad.tsx',
      use('../../../features/questions/categories', 'flattenCategories'),
    );
    const deeper = await boundaryErrors(
      'src/features/events/components/parts/bad.tsx',
      use('../../../questions/categories', 'flattenCategories'),
    );
    for (const errors of [sibling, viaFeatures, deeper])
      expect(errors).toEqual([expect.stringMatching(/another feature/)]);
  });

  it('refuses re-exports and lazy imports of another feature too', async () => {
    const source =
      "export { flattenCategories } from '../questions/categories';\nexport const page = () => import('../questions/categories');\n";
    expect(await boundaryErrors('src/features/events/bad.ts', source)).toHaveLength(2);
  });

  it("allows a feature's own files and shared code", async () => {
    const source = `${use('./event-format', 'formatCapacity')}${use('../../lib/dates', 'formatDateTime').replace('used', 'alsoUsed')}`;
    expect(await boundaryErrors('src/features/events/ok.ts', source)).toEqual([]);
  });

  it('keeps app and layouts out of features, and features, app and layouts out of shared code', async () => {
    expect(await boundaryErrors('src/features/events/bad.ts', use('../../app/guards', 'guard'))).toHaveLength(1);
    expect(
      await boundaryErrors('src/lib/bad.ts', use('../features/events/event-format', 'formatCapacity')),
    ).toHaveLength(1);
    expect(await boundaryErrors('src/lib/bad.ts', use('../components/page-title', 'PageTitle'))).toHaveLength(1);
    expect(await boundaryErrors('src/components/bad.ts', use('../layouts/new-layout', 'NewLayout'))).toHaveLength(1);
    expect(await boundaryErrors('src/layouts/bad.ts', use('../app/guards', 'guard'))).toHaveLength(1);
    expect(await boundaryErrors('src/app/ok.ts', use('../features/events/event-format', 'formatCapacity'))).toEqual([]);
  });
});
