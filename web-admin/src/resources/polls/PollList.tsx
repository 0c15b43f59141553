import { useState } from 'react';
import { Button, Chip, Stack } from '@mui/material';
import {
  Confirm,
  DataTable,
  DateField,
  FunctionField,
  List,
  useDataProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { MemberField } from '../../fields/MemberField';
import { useStaffCommand } from '../staff-rows';
import type { PollsDataProvider, StaffPoll } from './polls-api';

/** Close (if open) and delete (if not deleted) on one row, each confirmed; then the list reloads. */
function PollVerbs() {
  const poll = useRecordContext<StaffPoll>();
  const translate = useTranslate();
  const provider = useDataProvider<PollsDataProvider>();
  const { busy, run } = useStaffCommand();
  const [asking, setAsking] = useState<'close' | 'delete' | null>(null);
  if (!poll || poll.deleted) return null;
  const send = (verb: 'close' | 'delete') =>
    run(() => (verb === 'close' ? provider.closePoll(poll.id) : provider.deletePoll(poll.id)), `polls.done.${verb}`);
  return (
    <Stack direction="row">
      {poll.closed ? null : (
        <Button size="small" disabled={busy} onClick={() => setAsking('close')}>
          {translate('polls.verbs.close')}
        </Button>
      )}
      <Button size="small" color="error" disabled={busy} onClick={() => setAsking('delete')}>
        {translate('polls.verbs.delete')}
      </Button>
      <Confirm
        isOpen={asking !== null}
        title={translate(asking === 'delete' ? 'polls.confirm.delete_title' : 'polls.confirm.close_title')}
        content={translate('polls.confirm.content', { question: poll.question })}
        onConfirm={() => {
          const verb = asking;
          setAsking(null);
          if (verb) void send(verb);
        }}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

function PollState({ poll }: { poll: StaffPoll }) {
  const translate = useTranslate();
  const state = poll.deleted ? 'deleted' : poll.closed ? 'closed' : 'open';
  return (
    <Chip
      size="small"
      variant={state === 'open' ? 'filled' : 'outlined'}
      color={state === 'open' ? 'primary' : 'default'}
      label={translate(`polls.state.${state}`)}
    />
  );
}

/** Every poll with its counts (staff see them whether or not they voted). */
function PollResults({ poll }: { poll: StaffPoll }) {
  return <span>{poll.options.map((option) => `${option.text}: ${option.votes ?? 0}`).join(' · ')}</span>;
}

/** Every poll, newest first: its topic, question, counts and state, with close and delete (`polls.manage`). */
export function PollList() {
  return (
    <List exporter={false} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="question" disableSort />
        <DataTable.Col source="topicTitle" disableSort>
          <FunctionField<StaffPoll> render={(poll) => poll.topicTitle ?? poll.topicId} />
        </DataTable.Col>
        <DataTable.Col source="authorId" disableSort>
          <FunctionField<StaffPoll> render={(poll) => <MemberField memberId={poll.authorId} />} />
        </DataTable.Col>
        <DataTable.Col source="options" disableSort>
          <FunctionField<StaffPoll> render={(poll) => <PollResults poll={poll} />} />
        </DataTable.Col>
        <DataTable.Col source="voters" disableSort />
        <DataTable.Col source="closesAt" disableSort>
          <DateField source="closesAt" showTime emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="state" disableSort>
          <FunctionField<StaffPoll> render={(poll) => <PollState poll={poll} />} />
        </DataTable.Col>
        <DataTable.Col source="actions" disableSort>
          <PollVerbs />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
