import { useEffect, useState } from 'react';
import {
  DataTable,
  DateField,
  DateTimeInput,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import type { RaRecord } from 'react-admin';
import type { AuditDataProvider, EventTypes } from './audit-api';
import { toIso } from './AuditLogList';
import { JsonBlock } from './JsonBlock';

export interface EventRow extends RaRecord {
  context: string;
  streamId: string;
  version: number;
  type: string;
  occurredAt: string;
  actor: { kind: string; id: string | null; ip?: string };
  correlationId: string;
  causationId: string | null;
  published: boolean;
  data?: unknown;
}

/** The contexts and event types the filters offer, from the server. */
function useEventTypes(): EventTypes {
  const dataProvider = useDataProvider<AuditDataProvider & ReturnType<typeof useDataProvider>>();
  const [types, setTypes] = useState<EventTypes>({ contexts: ['forum'], types: [] });
  useEffect(() => {
    let live = true;
    dataProvider
      .eventTypes()
      .then((answer) => live && setTypes(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return types;
}

const actorOf = (row: EventRow) => `${row.actor.kind}${row.actor.id ? ` ${row.actor.id}` : ''}`;

/** The event store, read-only: one context at a time, by stream prefix, type and time; a row opens the event. */
export function EventLogList() {
  const types = useEventTypes();
  const filters = [
    <SelectInput
      key="context"
      source="context"
      label="resources.eventLog.fields.context"
      choices={types.contexts.map((id) => ({ id, name: id }))}
      alwaysOn
    />,
    <TextInput key="streamPrefix" source="streamPrefix" label="resources.eventLog.fields.streamPrefix" alwaysOn />,
    <SelectInput
      key="type"
      source="type"
      label="resources.eventLog.fields.type"
      choices={types.types.map(({ type }) => ({ id: type, name: type }))}
    />,
    <DateTimeInput key="from" source="from" label="audit.from" parse={toIso} />,
    <DateTimeInput key="to" source="to" label="audit.to" parse={toIso} />,
  ];
  return (
    <List
      exporter={false}
      perPage={25}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      filters={filters}
      filterDefaultValues={{ context: 'forum' }}
    >
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="occurredAt">
          <DateField source="occurredAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="type" disableSort />
        <DataTable.Col source="streamId" disableSort />
        <DataTable.Col source="version" disableSort>
          <NumberField source="version" />
        </DataTable.Col>
        <DataTable.Col source="actor" disableSort>
          <FunctionField<EventRow> render={actorOf} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** One event: its metadata and its payload. */
export function EventShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="type" />
        <TextField source="streamId" />
        <NumberField source="version" />
        <DateField source="occurredAt" showTime />
        <FunctionField<EventRow> source="actor" render={actorOf} />
        <TextField source="correlationId" />
        <TextField source="causationId" emptyText="—" />
        <FunctionField<EventRow>
          source="data"
          render={(row) => <JsonBlock label={translate('audit.payload')} value={row.data} />}
        />
      </SimpleShowLayout>
    </Show>
  );
}
