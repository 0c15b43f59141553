import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import {
  Confirm,
  DataTable,
  DateField,
  FunctionField,
  List,
  TextInput,
  useDataProvider,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { MemberSearchInput } from '../../inputs/MemberSearchInput';
import { plainText, useStaffCommand } from '../staff-rows';
import type { ForumDataProvider, StaffContent } from './forum-api';
import { AuthorField, LiveOrDeletedInput } from './StaffTopicList';

function DeleteContent() {
  const item = useRecordContext<StaffContent>();
  const translate = useTranslate();
  const provider = useDataProvider<ForumDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useStaffCommand();
  if (!item || item.deleted) return null;
  const remove = () => run(() => provider.deleteComment(item.kind, item.id), 'forum.content.done_delete');
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
  const provider = useDataProvider<ForumDataProvider>();
  const { busy, run } = useStaffCommand();
  if (!item || !item.deleted) return null;
  const restore = () => run(() => provider.restoreComment(item.kind, item.id), 'forum.content.done_restore');
  return (
    <Button size="small" disabled={busy} onClick={() => void restore()}>
      {translate('forum.content.restore')}
    </Button>
  );
}

/** Every comment or reply (deleted ones too), newest first, filtered on the server; the author by account or nickname. */
function StaffContentList() {
  const translate = useTranslate();
  const resource = useResourceContext();
  const filters = [
    <LiveOrDeletedInput key="status" source="status" alwaysOn />,
    <TextInput key="topicId" source="topicId" alwaysOn />,
    <MemberSearchInput
      key="authorId"
      source="authorId"
      label={translate(`resources.${resource}.fields.authorId`)}
      alwaysOn
    />,
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
          <AuthorField />
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
