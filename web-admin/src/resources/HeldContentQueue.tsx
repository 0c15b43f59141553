import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { DataTable, DateField, FunctionField, List, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import type { RaRecord } from 'react-admin';
import { plainText, useStaffCommand } from './staff-rows';
import { MemberField } from '../fields/MemberField';

/** One held item of a review queue (the forum's and the Q&A's answer the same shape). */
export interface HeldItem extends RaRecord {
  id: string;
  kind: string;
  authorId: string;
  title: string | null;
  contentHtml: string;
  submittedAt: string;
}

export interface HeldContentQueueProps<T extends HeldItem> {
  /** Prefix of the queue's translations (`forum.review`): `approve`, `reject`, `kind.<kind>`, `actions`, … */
  messages: string;
  /** The kinds held, one listed at a time; the first is listed first. */
  kinds: readonly [T['kind'], ...T['kind'][]];
  approve(item: T): Promise<unknown>;
  reject(item: T, reason: string): Promise<unknown>;
  /** Shown under an item's text in the list. */
  details?(item: T): ReactNode;
  /** Shown in the reject dialog, above the reason: what else rejecting this item does. */
  rejectNote?(item: T): ReactNode;
}

type ReviewVerbsProps<T extends HeldItem> = Omit<HeldContentQueueProps<T>, 'kinds' | 'details'>;

/** Approve, or reject with a reason for the author; either takes the item out of the queue. */
function ReviewVerbs<T extends HeldItem>({ messages, approve, reject, rejectNote }: ReviewVerbsProps<T>) {
  const item = useRecordContext<T>();
  const translate = useTranslate();
  const { busy, run } = useStaffCommand();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!item) return null;

  return (
    <Stack direction="row">
      <Button size="small" disabled={busy} onClick={() => void run(() => approve(item), `${messages}.approved`)}>
        {translate(`${messages}.approve`)}
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => setRejecting(true)}>
        {translate(`${messages}.reject`)}
      </Button>
      <Dialog open={rejecting} onClose={() => setRejecting(false)}>
        <DialogTitle>{translate(`${messages}.reject_title`)}</DialogTitle>
        <DialogContent>
          {rejectNote?.(item)}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate(`${messages}.reason`)}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>{translate(`${messages}.cancel`)}</Button>
          <Button
            color="error"
            disabled={busy || reason.trim() === ''}
            onClick={() => {
              setRejecting(false);
              void run(() => reject(item, reason.trim()), `${messages}.rejected`);
            }}
          >
            {translate(`${messages}.reject`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** Held content of one kind at a time, oldest first, each approved or rejected: the forum's and the Q&A's queue. */
export function HeldContentQueue<T extends HeldItem>({ messages, kinds, details, ...verbs }: HeldContentQueueProps<T>) {
  const translate = useTranslate();
  const [first, ...others] = kinds;
  const filters = [
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      emptyText={translate(`${messages}.kind.${first}`)}
      emptyValue={first}
      choices={others.map((kind) => ({ id: kind, name: translate(`${messages}.kind.${kind}`) }))}
    />,
  ];
  return (
    <List exporter={false} filters={filters} filterDefaultValues={{ kind: first }} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="contentHtml" disableSort>
          <FunctionField<T>
            render={(item) => (
              <Stack>
                {item.title && <strong>{item.title}</strong>}
                <span>{plainText(item.contentHtml).slice(0, 300)}</span>
                {details?.(item)}
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="authorId" disableSort>
          <FunctionField<T> render={(item) => <MemberField memberId={item.authorId} />} />
        </DataTable.Col>
        <DataTable.Col source="submittedAt" disableSort>
          <DateField source="submittedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" label={translate(`${messages}.actions`)} disableSort>
          <ReviewVerbs<T> messages={messages} {...verbs} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
