import {
  DataTable,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { AuditLogRow } from '@contracts/moderation/audit-log.views';
import { JsonBlock } from './JsonBlock';

const CONTEXTS = ['forum', 'qa', 'wallet', 'identity', 'moderation', 'messaging'];

/** A row of the staff audit log as the server answers it (a public read view, ADR 0047). */
export type AuditRow = AuditLogRow;

function AuditDetail({ record }: { record: AuditRow }) {
  const translate = useTranslate();
  return (
    <div>
      {record.before || record.after ? (
        <div style={{ display: 'flex', gap: 16 }}>
          <JsonBlock label={translate('audit.before')} value={record.before} />
          <JsonBlock label={translate('audit.after')} value={record.after} />
        </div>
      ) : null}
      <JsonBlock label={translate('audit.payload')} value={record.data} />
    </div>
  );
}

const filters = [
  <TextInput key="actorId" source="actorId" label="resources.auditLog.fields.actorId" alwaysOn />,
  <TextInput key="action" source="action" label="resources.auditLog.fields.action" alwaysOn />,
  <SelectInput
    key="context"
    source="context"
    label="resources.auditLog.fields.context"
    choices={CONTEXTS.map((id) => ({ id, name: id }))}
  />,
  <TextInput key="targetId" source="targetId" label="resources.auditLog.fields.targetId" />,
  <DateTimeInput key="from" source="from" label="audit.from" parse={toIso} />,
  <DateTimeInput key="to" source="to" label="audit.to" parse={toIso} />,
];

/** A date-time input's value as the API's ISO instant. */
export function toIso(value: string | Date | null): string | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Every staff action, newest first: who, what, on what, when; a row opens its before/after and payload. */
export function AuditLogList() {
  return (
    <List exporter={false} perPage={25} sort={{ field: 'at', order: 'DESC' }} filters={filters}>
      <DataTable bulkActionButtons={false} rowClick={false} expand={<ExpandAudit />}>
        <DataTable.Col source="at">
          <DateField source="at" showTime />
        </DataTable.Col>
        <DataTable.Col source="actorId" label="resources.auditLog.fields.actor">
          <FunctionField<AuditRow> render={(row) => `${row.actorName ?? '—'} (${row.actorId})`} />
        </DataTable.Col>
        <DataTable.Col source="action">
          <TextField source="action" />
        </DataTable.Col>
        <DataTable.Col source="context" disableSort />
        <DataTable.Col source="targetId" label="resources.auditLog.fields.target" disableSort>
          <FunctionField<AuditRow> render={(row) => `${row.targetKind} ${row.targetId}`} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function ExpandAudit() {
  return <FunctionField<AuditRow> render={(record) => <AuditDetail record={record} />} />;
}
