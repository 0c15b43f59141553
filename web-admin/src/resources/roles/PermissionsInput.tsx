import { Box, Checkbox, FormControlLabel, FormLabel, Stack, Typography } from '@mui/material';
import { useEffect, useMemo } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { ChipsField } from '../../inputs/ChipsField';
import { useWatch } from 'react-hook-form';
import { MEMBER_PERMISSIONS, STAFF_PERMISSIONS } from '@contracts/identity/permissions';
import type { Permission, RoleKind, RolePermission } from '@contracts/identity/permissions';

/** The permissions of a role's kind: member roles hold member permissions, staff roles staff ones. */
export function permissionsOf(kind: RoleKind): readonly Permission[] {
  return kind === 'staff' ? STAFF_PERMISSIONS : MEMBER_PERMISSIONS;
}

/** Keeps the entries a role of `kind` may hold, in the order they are listed. */
export function keepKind(permissions: RolePermission[], kind: RoleKind): RolePermission[] {
  const allowed = permissionsOf(kind);
  return permissions
    .filter((entry) => allowed.includes(entry.permission))
    .sort((a, b) => allowed.indexOf(a.permission) - allowed.indexOf(b.permission));
}

function TagLimit({
  entry,
  onChange,
  label,
}: {
  entry: RolePermission;
  onChange: (tagIds: string[] | null) => void;
  label: string;
}) {
  const translate = useTranslate();
  return (
    <ChipsField
      label={label}
      value={entry.tagIds ?? []}
      // No tags: the permission holds in every tag.
      onChange={(tagIds) => onChange(tagIds.length > 0 ? tagIds : null)}
      placeholder={translate('roles.all_tags')}
      helperText={translate('roles.tags_hint')}
    />
  );
}

/**
 * The role's permissions as checkboxes of its kind; a member permission may be limited to tags (tag ids as
 * chips for now: tags come with the forum).
 */
export function PermissionsInput() {
  const translate = useTranslate();
  const kind = (useWatch({ name: 'kind' }) as RoleKind | undefined) ?? 'member';
  const { field } = useInput<RolePermission[]>({ source: 'permissions', defaultValue: [] });
  // One array per field value: a fresh `[]` on every render would run the effect below on every render.
  const value: RolePermission[] = useMemo(() => (Array.isArray(field.value) ? field.value : []), [field.value]);
  const entryOf = (permission: Permission) => value.find((entry) => entry.permission === permission);
  const set = (next: RolePermission[]) => field.onChange(keepKind(next, kind));
  // A new role switched to the other kind drops the permissions it can no longer hold.
  const foreign = value.some((entry) => !permissionsOf(kind).includes(entry.permission));
  useEffect(() => {
    if (foreign) field.onChange(keepKind(value, kind));
  }, [foreign, kind, value, field]);

  const toggle = (permission: Permission, checked: boolean) =>
    set(checked ? [...value, { permission, tagIds: null }] : value.filter((entry) => entry.permission !== permission));
  const limit = (permission: Permission, tagIds: string[] | null) =>
    set(value.map((entry) => (entry.permission === permission ? { ...entry, tagIds } : entry)));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <FormLabel component="legend">
        <Typography variant="subtitle1">
          {translate(kind === 'staff' ? 'roles.staff_permissions' : 'roles.member_permissions')}
        </Typography>
      </FormLabel>
      {permissionsOf(kind).map((permission) => {
        const entry = entryOf(permission);
        const name = translate(`roles.permission.${permission}`, { _: permission });
        return (
          <Stack
            key={permission}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: { md: 'center' }, minHeight: 48 }}
          >
            <FormControlLabel
              sx={{ minWidth: '16rem' }}
              control={
                <Checkbox checked={Boolean(entry)} onChange={(event) => toggle(permission, event.target.checked)} />
              }
              label={name}
            />
            {entry && kind === 'member' && (
              <TagLimit
                entry={entry}
                label={`${name} · ${translate('roles.tags')}`}
                onChange={(tagIds) => limit(permission, tagIds)}
              />
            )}
          </Stack>
        );
      })}
    </Box>
  );
}
