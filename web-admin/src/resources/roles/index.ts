import { lazy } from 'react';
import RoleIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceConfig } from '../../providers/rest-resource';

/** `GET /api/identity/roles` answers the whole list and has no per-role read; bodies are strict. */
export const rolesApi: ResourceConfig = {
  path: 'identity/roles',
  oneFromList: true,
  createFields: ['name', 'kind', 'permissions', 'isDefault'],
  updateFields: ['name', 'permissions', 'isDefault'],
};

export default {
  list: lazy(() => import('./RoleList').then(({ RoleList }) => ({ default: RoleList }))),
  edit: lazy(() => import('./RoleEdit').then(({ RoleEdit }) => ({ default: RoleEdit }))),
  create: lazy(() => import('./RoleEdit').then(({ RoleCreate }) => ({ default: RoleCreate }))),
  icon: RoleIcon,
  recordRepresentation: 'name',
};
