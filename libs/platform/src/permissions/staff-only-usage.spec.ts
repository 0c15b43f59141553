import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/** Every TypeScript source under `dir` (no specs, no builds, no dependencies). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [full] : [];
  });
}

/**
 * A bare `@StaffOnly()` lets every staff account through, also one holding no permission (ADR 8): a staff route
 * says which permission it needs with `@RequiresPermission`, which makes it staff-only itself. The security
 * suite proves the same on the running product (`x-staff-only` without `x-required-permission`); this is the
 * fast check.
 */
describe('staff routes name their permission', () => {
  it('uses StaffOnly() nowhere but inside RequiresPermission', () => {
    const allowed = new Set([
      'libs/platform/src/permissions/requires-permission.ts',
      'libs/platform/src/auth/decorators.ts',
    ]);
    const bare = [...sources(path.join(ROOT, 'services')), ...sources(path.join(ROOT, 'libs'))]
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
      .filter((file) => !allowed.has(file))
      .filter((file) => /\bStaffOnly\s*\(/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(bare).toEqual([]);
  });
});
