import { DataTable, DateField, DeleteButton, FunctionField, List } from 'react-admin';
import { MemberField } from '../../fields/MemberField';

/** Online messages from the member site, newest first; deleting one takes it out of the inbox. */
export function FeedbackInbox() {
  return (
    <List exporter={false} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="receivedAt" disableSort>
          <DateField source="receivedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="contact" disableSort />
        <DataTable.Col source="content" disableSort />
        <DataTable.Col source="memberId" disableSort>
          <FunctionField<{ memberId?: string | null }> render={(row) => <MemberField memberId={row.memberId} />} />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
