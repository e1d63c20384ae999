// Writes dist/chunk-groups.json: for the entry and every named lazy chunk group, the files the
// browser must load. scripts/check-size.mjs reads it to price the /login page deterministically.
export class ChunkGroupsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const groups = {};
          for (const group of compilation.chunkGroups) {
            if (!group.name) continue;
            const files = new Set();
            for (const chunk of group.chunks) for (const f of chunk.files) files.add(f);
            groups[group.name] = { entry: group.isInitial(), files: [...files].sort() };
          }
          const json = JSON.stringify(groups, null, 2);
          compilation.emitAsset('chunk-groups.json', new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }
}
