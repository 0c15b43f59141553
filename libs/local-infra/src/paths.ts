import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

let cachedRoot: string | undefined;

/** The monorepo root: the nearest ancestor holding a package.json named "forum". */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  for (const start of [__dirname, process.cwd()]) {
    let dir = path.resolve(start);
    for (;;) {
      const pkg = path.join(dir, 'package.json');
      if (existsSync(pkg)) {
        try {
          if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'forum') {
            cachedRoot = dir;
            return dir;
          }
        } catch {
          // unreadable package.json: keep walking up
        }
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`local-infra: no package.json named "forum" above ${__dirname} or ${process.cwd()}`);
}

/** Where deploy/local-infra/fetch.sh puts jars and compiled classes. */
export function cacheDir(): string {
  return process.env.FORUM_INFRA_CACHE || path.join(homedir(), '.cache', 'forum-infra');
}

export function infraDir(): string {
  return path.join(repoRoot(), 'deploy', 'local-infra');
}

/** `java` from JAVA_HOME when set, else from PATH. */
export function javaBin(): string {
  const home = process.env.JAVA_HOME;
  if (home && existsSync(path.join(home, 'bin', 'java'))) return path.join(home, 'bin', 'java');
  return 'java';
}
