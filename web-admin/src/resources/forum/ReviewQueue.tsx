import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import {
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ForumDataProvider, ReviewItem, ReviewKind } from './forum-api';

const KINDS: ReviewKind[] = ['topic', 'comment', 'reply'];

/** The held HTML (already sanitized by the server) shown as plain text: the queue is for reading, not rendering. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Approve, or reject with a reason for the author; either takes the item out of the queue. */
function ReviewVerbs() {
  const item = useRecordContext<ReviewItem>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const provider = useDataProvider<ForumDataProvider>();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!item) return null;

  const run = async (verb: 'approve' | 'reject') => {
    setBusy(true);
    try {
      if (verb === 'approve') await provider.approveContent(item.kind, item.id);
      else await provider.rejectContent(item.kind, item.id, reason.trim());
      notify(verb === 'approve' ? 'forum.review.approved' : 'forum.review.rejected', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row">
      <Button size="small" disabled={busy} onClick={() => void run('approve')}>
        {translate('forum.review.approve')}
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => setRejecting(true)}>
        {translate('forum.review.reject')}
      </Button>
      <Dialog open={rejecting} onClose={() => setRejecting(false)}>
        <DialogTitle>{translate('forum.review.reject_title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('forum.review.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>{translate('forum.review.cancel')}</Button>
          <Button
            color="error"
            disabled={busy || reason.trim() === ''}
            onClick={() => {
              setRejecting(false);
              void run('reject');
            }}
          >
            {translate('forum.review.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** Pending topics, comments or replies (one kind at a time), oldest first. */
export function ReviewQueue() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="kind"
      source="kind"
      alwaysOn
      emptyText={translate('forum.review.kind.topic')}
      emptyValue="topic"
      choices={KINDS.filter((kind) => kind !== 'topic').map((kind) => ({
        id: kind,
        name: translate(`forum.review.kind.${kind}`),
      }))}
    />,
  ];
  return (
    <List exporter={false} filters={filters} filterDefaultValues={{ kind: 'topic' }} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="contentHtml" disableSort>
          <FunctionField<ReviewItem>
            render={(item) => (
              <Stack>
                {item.title && <strong>{item.title}</strong>}
                <span>{plainText(item.contentHtml).slice(0, 300)}</span>
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="authorId" disableSort />
        <DataTable.Col source="submittedAt" disableSort>
          <DateField source="submittedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" label={translate('forum.review.actions')} disableSort>
          <ReviewVerbs />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
