import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import {
  Confirm,
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SelectInputProps } from 'react-admin';
import { MemberSearchInput } from '../../inputs/MemberSearchInput';
import { useStaffCommand } from '../staff-rows';
import type { ForumDataProvider, StaffContent, StaffTopic, TopicStatus } from './forum-api';
import { MemberField } from '../../fields/MemberField';
import { RevisionsButton } from '../revisions/RevisionsButton';

const STATUSES: TopicStatus[] = ['all', 'live', 'deleted'];

/** The status filter of the staff topic, comment and reply lists: live or deleted, or (empty) all. */
export function LiveOrDeletedInput(props: SelectInputProps) {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      emptyText={translate('forum.topics.status.all')}
      choices={STATUSES.filter((status) => status !== 'all').map((status) => ({
        id: status,
        name: translate(`forum.topics.status.${status}`),
      }))}
    />
  );
}

/** A row's author: their record in the console and their page on the member site, or cancelled once gone. */
export function AuthorField() {
  return (
    <FunctionField<StaffTopic | StaffContent>
      render={(item) => <MemberField member={item.author} memberId={item.authorId} />}
    />
  );
}

type Verb = 'pin' | 'unpin' | 'essence' | 'unessence' | 'delete' | 'restore';

/** Pin, essence, delete and restore on one row; each is a command, then the list reloads. */
function TopicVerbs() {
  const topic = useRecordContext<StaffTopic>();
  const translate = useTranslate();
  const provider = useDataProvider<ForumDataProvider>();
  const { busy, run: runCommand } = useStaffCommand();
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (!topic) return null;

  const send = (verb: Verb) => {
    if (verb === 'pin' || verb === 'unpin') return provider.pinTopic(topic.id, verb === 'pin' ? 1 : 0);
    if (verb === 'essence' || verb === 'unessence') return provider.setTopicEssence(topic.id, verb === 'essence');
    if (verb === 'delete') return provider.deleteTopic(topic.id);
    return provider.restoreTopic(topic.id);
  };
  const run = (verb: Verb) => runCommand(() => send(verb), `forum.topics.done.${verb}`);
  const verb = (name: Verb) => (
    <Button key={name} size="small" disabled={busy} onClick={() => void run(name)}>
      {translate(`forum.topics.verbs.${name}`)}
    </Button>
  );

  if (topic.deleted)
    return (
      <Stack direction="row">
        {verb('restore')}
        <RevisionsButton kind="topic" id={topic.id} />
      </Stack>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
      {verb(topic.pinned ? 'unpin' : 'pin')}
      <RevisionsButton kind="topic" id={topic.id} />
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

/**
 * Every topic (deleted ones too), newest first, filtered on the server by status and author; the author is
 * picked by account or nickname (the member search) and sent as its id.
 */
export function StaffTopicList() {
  const translate = useTranslate();
  const filters = [
    <LiveOrDeletedInput key="status" source="status" alwaysOn />,
    <MemberSearchInput
      key="authorId"
      source="authorId"
      label={translate('resources.topics.fields.authorId')}
      alwaysOn
    />,
  ];
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" disableSort>
          <FunctionField<StaffTopic> render={(topic) => <TopicBadges topic={topic} />} />
        </DataTable.Col>
        <DataTable.Col source="authorId" disableSort>
          <AuthorField />
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
