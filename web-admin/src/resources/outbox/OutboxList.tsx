import { Alert, Box } from '@mui/material';
import { DataTable, DateField, FunctionField, List, SelectInput, useTranslate } from 'react-admin';

interface OutboxMessage {
  id: string;
  channel: 'sms' | 'email';
  target: string;
  text: string;
  purpose: string;
  sentAt: string;
}

/** What the development outbox kept instead of sending, newest first: staff read codes here in a demo. */
export function OutboxList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="channel"
      source="channel"
      alwaysOn
      choices={(['sms', 'email'] as const).map((channel) => ({
        id: channel,
        name: translate(`outbox.channel.${channel}`),
      }))}
    />,
  ];
  return (
    <List exporter={false} filters={filters} perPage={20} aside={undefined}>
      <Alert severity="info" sx={{ m: 1 }}>
        {translate('outbox.demo_hint')}
      </Alert>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="sentAt" disableSort>
          <DateField source="sentAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="channel" disableSort>
          <FunctionField<OutboxMessage> render={(message) => translate(`outbox.channel.${message.channel}`)} />
        </DataTable.Col>
        <DataTable.Col source="target" disableSort />
        <DataTable.Col source="purpose" disableSort>
          <FunctionField<OutboxMessage>
            render={(message) => translate(`outbox.purpose.${message.purpose}`, { _: message.purpose })}
          />
        </DataTable.Col>
        <DataTable.Col source="text" disableSort>
          <FunctionField<OutboxMessage>
            render={(message) => (
              <Box component="span" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
                {message.text}
              </Box>
            )}
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
