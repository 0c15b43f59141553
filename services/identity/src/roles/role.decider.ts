import {
  ADMINISTRATOR_ROLE_ID,
  DEFAULT_MEMBER_ROLE_ID,
  isMemberPermission,
  isStaffPermission,
  MEMBER_PERMISSIONS,
  STAFF_PERMISSIONS,
} from '@forum/contracts';
import type { RoleEvent, RoleKind, RolePermission } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

export interface RoleDefinition {
  name: string;
  kind: RoleKind;
  permissions: RolePermission[];
  isDefault: boolean;
}

export interface RoleState {
  status: 'none' | 'defined' | 'deleted';
  definition: RoleDefinition | null;
}

export type RoleCommand =
  | { type: 'Define'; roleId: string; definition: RoleDefinition }
  | { type: 'Change'; roleId: string; definition: RoleDefinition }
  | { type: 'Delete'; roleId: string }
  /** Startup: create a built-in role if missing; keep the administrator's permissions complete. */
  | { type: 'EnsureBuiltIn'; roleId: string };

const BUILT_IN: Record<string, RoleDefinition> = {
  [DEFAULT_MEMBER_ROLE_ID]: {
    name: 'Member',
    kind: 'member',
    permissions: MEMBER_PERMISSIONS.map((permission) => ({ permission, tagIds: null })),
    isDefault: true,
  },
  [ADMINISTRATOR_ROLE_ID]: {
    name: 'Administrator',
    kind: 'staff',
    permissions: STAFF_PERMISSIONS.map((permission) => ({ permission, tagIds: null })),
    isDefault: false,
  },
};

export const BUILT_IN_ROLE_IDS = Object.keys(BUILT_IN);

/**
 * One permission once; staff permissions are site-wide and only staff roles hold them; a default role is a
 * member role (staff roles are always granted to someone explicitly).
 */
function normalised(definition: RoleDefinition): RoleDefinition {
  const fits = definition.kind === 'staff' ? isStaffPermission : isMemberPermission;
  if (definition.permissions.some((entry) => !fits(entry.permission)))
    throw new DomainError('identity.role_kind_mismatch');
  if (definition.kind === 'staff' && definition.isDefault) throw new DomainError('identity.role_kind_mismatch');
  const byPermission = new Map<string, RolePermission>();
  for (const entry of definition.permissions) {
    const tagIds = definition.kind === 'staff' || entry.tagIds === null ? null : [...new Set(entry.tagIds)].sort();
    byPermission.set(entry.permission, { permission: entry.permission, tagIds });
  }
  return { ...definition, name: definition.name.trim(), permissions: [...byPermission.values()] };
}

function sameDefinition(a: RoleDefinition, b: RoleDefinition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function change(command: Extract<RoleCommand, { type: 'Change' }>, state: RoleState): RoleEvent[] {
  if (state.status !== 'defined') throw new DomainError('identity.role_not_found');
  if (command.roleId === ADMINISTRATOR_ROLE_ID) throw new DomainError('identity.role_builtin');
  let definition = normalised(command.definition);
  if (definition.kind !== state.definition!.kind) throw new DomainError('identity.role_kind_mismatch');
  // Every member keeps the default member role: it cannot stop being the default.
  if (command.roleId === DEFAULT_MEMBER_ROLE_ID) definition = { ...definition, isDefault: true };
  if (sameDefinition(definition, state.definition!)) return [];
  return [{ type: 'RoleChanged', data: { roleId: command.roleId, ...definition } }];
}

function ensureBuiltIn(roleId: string, state: RoleState): RoleEvent[] {
  const builtIn = BUILT_IN[roleId];
  if (!builtIn) throw new DomainError('identity.role_not_found');
  if (state.status === 'none') return [{ type: 'RoleDefined', data: { roleId, ...builtIn } }];
  // Staff may tune the default member role; the administrator always holds every staff permission, also those
  // added in later versions.
  if (roleId === ADMINISTRATOR_ROLE_ID && !sameDefinition(state.definition!, builtIn))
    return [{ type: 'RoleChanged', data: { roleId, ...builtIn } }];
  return [];
}

/** A role: its name, kind, permissions (member ones possibly limited to tags) and whether everyone holds it. */
export const roleDecider: Decider<RoleState, RoleCommand, RoleEvent> = {
  name: 'role',
  initialState: () => ({ status: 'none', definition: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'RoleDefined':
      case 'RoleChanged': {
        const { name, kind, permissions, isDefault } = event.data;
        return { status: 'defined', definition: { name, kind, permissions, isDefault } as RoleDefinition };
      }
      case 'RoleDeleted':
        return { ...state, status: 'deleted' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Define': {
        if (state.status !== 'none') throw new DomainError('common.conflict');
        return [{ type: 'RoleDefined', data: { roleId: command.roleId, ...normalised(command.definition) } }];
      }
      case 'Change':
        return change(command, state);
      case 'Delete':
        if (BUILT_IN[command.roleId]) throw new DomainError('identity.role_builtin');
        if (state.status === 'deleted') return [];
        if (state.status === 'none') throw new DomainError('identity.role_not_found');
        return [{ type: 'RoleDeleted', data: { roleId: command.roleId } }];
      case 'EnsureBuiltIn':
        return ensureBuiltIn(command.roleId, state);
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
