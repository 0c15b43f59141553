import {
  BooleanField,
  DataTable,
  DeleteButton,
  FunctionField,
  List,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ADMINISTRATOR_ROLE_ID } from '@contracts/identity/permissions';
import type { RoleView } from './role';

function RoleDelete() {
  const role = useRecordContext<RoleView>();
  // Built-in roles (the default member role, the administrator) cannot be deleted.
  return role && !role.builtIn ? <DeleteButton mutationMode="pessimistic" /> : null;
}

/** Every role, built-in first; the API answers the whole list. */
export function RoleList() {
  const translate = useTranslate();
  return (
    <List exporter={false} pagination={false} perPage={1000}>
      <DataTable
        bulkActionButtons={false}
        // The administrator role holds every staff permission and cannot be changed.
        rowClick={(_id, _resource, record) => (record.id === ADMINISTRATOR_ROLE_ID ? false : 'edit')}
      >
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="kind" disableSort>
          <FunctionField<RoleView> render={(role) => translate(`roles.kind.${role.kind}`)} />
        </DataTable.Col>
        <DataTable.Col source="isDefault" disableSort>
          <BooleanField source="isDefault" />
        </DataTable.Col>
        <DataTable.Col source="permissions" disableSort>
          <FunctionField<RoleView>
            render={(role) =>
              role.permissions
                .map((entry) => translate(`roles.permission.${entry.permission}`, { _: entry.permission }))
                .join(', ')
            }
          />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <RoleDelete />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
