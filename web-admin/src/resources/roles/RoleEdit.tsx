import { Create, Edit } from 'react-admin';
import { RoleForm } from './RoleForm';

// Pessimistic: the server checks kinds and built-in roles, and its refusal must reach the form.
export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <RoleForm />
    </Edit>
  );
}

export function RoleCreate() {
  return (
    <Create redirect="list">
      <RoleForm creating />
    </Create>
  );
}
