// Compiles the backend (libs, services, bench) to CommonJS under dist/ with swc, one file at a time,
// rewriting `@forum/<lib>` imports to relative paths. Type checking is `npm run typecheck`'s job.
import { transformFile } from '@swc/core';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BUILD_OUT=.bench-dist builds beside dist/ (a bench can run from it while dist/ is rebuilt and in use).
const out = path.join(root, process.env.BUILD_OUT ?? 'dist');
const swcrc = JSON.parse(await readFile(path.join(root, '.swcrc.json'), 'utf8'));
delete swcrc.$schema;

async function* sources(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      yield full;
  }
}

const started = Date.now();
await rm(out, { recursive: true, force: true });
const files = [];
for (const top of ['libs', 'services', 'bench']) {
  try {
    for await (const file of sources(path.join(root, top))) files.push(file);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
}
await Promise.all(
  files.map(async (file) => {
    const { code, map } = await transformFile(file, {
      ...swcrc,
      swcrc: false,
      jsc: { ...swcrc.jsc, baseUrl: root, paths: { '@forum/*': ['./libs/*/src'] } },
      sourceFileName: path.relative(path.join(out, path.relative(root, path.dirname(file))), file),
    });
    const target = path.join(out, path.relative(root, file)).replace(/\.ts$/, '.js');
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
    if (map) await writeFile(`${target}.map`, map);
  }),
);
console.log(`built ${files.length} files into ${path.relative(root, out)}/ in ${Date.now() - started} ms`);
