import type { RoleKind, RolePermission } from '@contracts/identity/permissions';

/** `GET /api/identity/roles` answers these, whole. */
export interface RoleView {
  id: string;
  name: string;
  kind: RoleKind;
  permissions: RolePermission[];
  isDefault: boolean;
  builtIn: boolean;
}
