import { DataTable, DateField, List } from 'react-admin';

/** Newest first, read-only until the moderation verbs (pin, feature, hide) arrive. */
export function TopicList() {
  return (
    <List exporter={false} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="authorId" disableSort />
        <DataTable.Col source="postedAt" disableSort>
          <DateField source="postedAt" showTime />
        </DataTable.Col>
        <DataTable.NumberCol source="commentCount" disableSort />
      </DataTable>
    </List>
  );
}
