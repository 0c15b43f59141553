import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  BooleanInput,
  DeleteButton,
  FormDataConsumer,
  maxLength,
  required,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PermissionsInput } from './PermissionsInput';
import type { RoleView } from './role';

/** Save, and delete unless the role is built in (the default member role, the administrator). */
function RoleToolbar() {
  const role = useRecordContext<RoleView>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {role && !role.builtIn && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** Staff roles are never everyone's default role. */
function NotDefault() {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    if (getValues('isDefault')) setValue('isDefault', false);
  }, [getValues, setValue]);
  return null;
}

/** Name, kind (fixed once created), default flag (member roles only) and permissions. */
export function RoleForm({ creating = false }: { creating?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={{ kind: 'member', isDefault: false, permissions: [] }} toolbar={<RoleToolbar />}>
      <TextInput source="name" validate={[required(), maxLength(30)]} />
      <SelectInput
        source="kind"
        disabled={!creating}
        validate={required()}
        choices={[
          { id: 'member', name: translate('roles.kind.member') },
          { id: 'staff', name: translate('roles.kind.staff') },
        ]}
      />
      <FormDataConsumer>
        {({ formData }) => (formData.kind === 'member' ? <BooleanInput source="isDefault" /> : <NotDefault />)}
      </FormDataConsumer>
      <PermissionsInput />
    </SimpleForm>
  );
}
