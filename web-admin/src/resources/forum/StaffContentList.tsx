import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import {
  Confirm,
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ForumDataProvider, StaffContent } from './forum-api';

/** Sanitized HTML shown as plain text: the list is for finding and removing, not for rendering. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function DeleteContent() {
  const item = useRecordContext<StaffContent>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const provider = useDataProvider<ForumDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!item || item.deleted) return null;
  const remove = async () => {
    setBusy(true);
    try {
      await provider.deleteComment(item.kind, item.id);
      notify('forum.content.done_delete', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" color="error" disabled={busy} onClick={() => setConfirming(true)}>
        {translate('forum.content.delete')}
      </Button>
      <Confirm
        isOpen={confirming}
        title={translate('forum.content.confirm_delete_title')}
        content={translate('forum.content.confirm_delete')}
        onConfirm={() => {
          setConfirming(false);
          void remove();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** Brings a deleted comment or reply back (listed and counted again); no confirmation, it undoes a delete. */
function RestoreContent() {
  const item = useRecordContext<StaffContent>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const provider = useDataProvider<ForumDataProvider>();
  const [busy, setBusy] = useState(false);
  if (!item || !item.deleted) return null;
  const restore = async () => {
    setBusy(true);
    try {
      await provider.restoreComment(item.kind, item.id);
      notify('forum.content.done_restore', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" disabled={busy} onClick={() => void restore()}>
      {translate('forum.content.restore')}
    </Button>
  );
}

/** Every comment or reply (deleted ones too), newest first, filtered on the server. */
function StaffContentList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText={translate('forum.topics.status.all')}
      choices={(['live', 'deleted'] as const).map((status) => ({
        id: status,
        name: translate(`forum.topics.status.${status}`),
      }))}
    />,
    <TextInput key="topicId" source="topicId" alwaysOn />,
    <TextInput key="authorId" source="authorId" alwaysOn />,
  ];
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="contentHtml" disableSort>
          <FunctionField<StaffContent>
            render={(item) => (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <span>{plainText(item.contentHtml).slice(0, 200)}</span>
                {item.deleted && <Chip size="small" variant="outlined" label={translate('forum.content.deleted')} />}
              </Stack>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="authorId" disableSort>
          <FunctionField<StaffContent>
            render={(item) =>
              item.author?.cancelled
                ? translate('forum.topics.cancelled_author')
                : (item.author?.nickname ?? item.authorId)
            }
          />
        </DataTable.Col>
        <DataTable.Col source="topicId" disableSort />
        <DataTable.Col source="postedAt" disableSort>
          <DateField source="postedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" disableSort>
          <DeleteContent />
          <RestoreContent />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export const StaffCommentList = StaffContentList;
export const StaffReplyList = StaffContentList;
