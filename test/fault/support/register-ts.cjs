// Lets `node -r ./test/fault/support/register-ts.cjs some.ts` run the TypeScript sources directly (the fault
// tests start service processes this way instead of `node deploy/build.mjs`, which replaces the shared dist/):
// each .ts file is compiled with @swc/core and the settings of .swcrc.json, `@forum/<lib>` mapped to libs/<lib>/src.
/* global require, __dirname, process */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload: require is the point */
'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const swcrc = JSON.parse(readFileSync(path.join(root, '.swcrc.json'), 'utf8'));
delete swcrc.$schema;

// Compiled files are cached by path, size and modification time: a restarted process starts in seconds.
const cache = path.join(tmpdir(), 'forum-fault-swc');
mkdirSync(cache, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const { size, mtimeMs } = statSync(filename);
  const cached = path.join(cache, `${createHash('sha1').update(`${filename}|${size}|${mtimeMs}`).digest('hex')}.js`);
  let code;
  try {
    code = readFileSync(cached, 'utf8');
  } catch {
    code = compile(filename);
    writeFileSync(`${cached}.${process.pid}`, code); // then renamed: another process never reads half a file
    renameSync(`${cached}.${process.pid}`, cached);
  }
  module._compile(code, filename);
};

function compile(filename) {
  return transformSync(readFileSync(filename, 'utf8'), {
    ...swcrc,
    swcrc: false,
    filename,
    sourceMaps: 'inline',
    jsc: { ...swcrc.jsc, baseUrl: root, paths: { '@forum/*': ['./libs/*/src'] } },
  }).code;
}
