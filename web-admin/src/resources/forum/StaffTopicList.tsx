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
import type { ForumDataProvider, StaffTopic, TopicStatus } from './forum-api';

const STATUSES: TopicStatus[] = ['all', 'live', 'deleted'];

type Verb = 'pin' | 'unpin' | 'essence' | 'unessence' | 'delete' | 'restore';

/** Pin, essence, delete and restore on one row; each is a command, then the list reloads. */
function TopicVerbs() {
  const topic = useRecordContext<StaffTopic>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const provider = useDataProvider<ForumDataProvider>();
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!topic) return null;

  const run = async (verb: Verb) => {
    setBusy(true);
    try {
      if (verb === 'pin' || verb === 'unpin') await provider.pinTopic(topic.id, verb === 'pin' ? 1 : 0);
      else if (verb === 'essence' || verb === 'unessence') await provider.setTopicEssence(topic.id, verb === 'essence');
      else if (verb === 'delete') await provider.deleteTopic(topic.id);
      else await provider.restoreTopic(topic.id);
      notify(`forum.topics.done.${verb}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const verb = (name: Verb) => (
    <Button key={name} size="small" disabled={busy} onClick={() => void run(name)}>
      {translate(`forum.topics.verbs.${name}`)}
    </Button>
  );

  if (topic.deleted) return <Stack direction="row">{verb('restore')}</Stack>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
      {verb(topic.pinned ? 'unpin' : 'pin')}
      {verb(topic.essence ? 'unessence' : 'essence')}
      <Button size="small" color="error" disabled={busy} onClick={() => setConfirmDelete(true)}>
        {translate('forum.topics.verbs.delete')}
      </Button>
      <Confirm
        isOpen={confirmDelete}
        title={translate('forum.topics.confirm_delete_title')}
        content={translate('forum.topics.confirm_delete', { title: topic.title })}
        onConfirm={() => {
          setConfirmDelete(false);
          void run('delete');
        }}
        onClose={() => setConfirmDelete(false)}
      />
    </Stack>
  );
}

function TopicBadges({ topic }: { topic: StaffTopic }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{topic.title}</span>
      {topic.pinned && <Chip size="small" color="primary" label={translate('forum.topics.badge.pinned')} />}
      {topic.essence && <Chip size="small" color="secondary" label={translate('forum.topics.badge.essence')} />}
      {topic.deleted && <Chip size="small" variant="outlined" label={translate('forum.topics.badge.deleted')} />}
    </Stack>
  );
}

/** Every topic (deleted ones too), newest first, filtered on the server by status and author. */
export function StaffTopicList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText={translate('forum.topics.status.all')}
      choices={STATUSES.filter((status) => status !== 'all').map((status) => ({
        id: status,
        name: translate(`forum.topics.status.${status}`),
      }))}
    />,
    <TextInput key="authorId" source="authorId" alwaysOn />,
  ];
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" disableSort>
          <FunctionField<StaffTopic> render={(topic) => <TopicBadges topic={topic} />} />
        </DataTable.Col>
        <DataTable.Col source="authorId" disableSort>
          <FunctionField<StaffTopic>
            render={(topic) =>
              topic.author?.cancelled
                ? translate('forum.topics.cancelled_author')
                : (topic.author?.nickname ?? topic.authorId)
            }
          />
        </DataTable.Col>
        <DataTable.Col source="tags" disableSort>
          <FunctionField<StaffTopic> render={(topic) => (topic.tags ?? []).map((tag) => tag.name).join(', ')} />
        </DataTable.Col>
        <DataTable.Col source="postedAt" disableSort>
          <DateField source="postedAt" showTime />
        </DataTable.Col>
        <DataTable.NumberCol source="commentCount" disableSort />
        <DataTable.Col source="actions" label={translate('forum.topics.actions')} disableSort>
          <TopicVerbs />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
