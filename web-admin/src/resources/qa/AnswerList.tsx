import { Chip, Stack } from '@mui/material';
import { DataTable, DateField, FunctionField, List, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { QaCommandButton } from './QaCommandButton';
import type { QaAnswer, QaReply } from './qa-api';
import { plainText } from '../staff-rows';
import { MemberField } from '../../fields/MemberField';
import { RevisionsButton } from '../revisions/RevisionsButton';

function Content({ item, adopted }: { item: QaAnswer | QaReply; adopted?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <span>{plainText(item.content).slice(0, 200)}</span>
      {adopted && <Chip size="small" color="success" label={translate('qa.badge.adopted')} />}
      {item.deleted && <Chip size="small" variant="outlined" label={translate('qa.status.deleted')} />}
    </Stack>
  );
}

function AnswerActions() {
  const answer = useRecordContext<QaAnswer>();
  if (!answer || answer.deleted) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {!answer.adopted && (
        <QaCommandButton
          label="qa.verbs.adopt"
          done="qa.done.adopt"
          confirm={{ title: 'qa.confirm.adopt_title', content: 'qa.confirm.adopt' }}
          run={(provider) => provider.adoptAnswer(answer.questionId, answer.id)}
        />
      )}
      <QaCommandButton
        label="qa.verbs.delete"
        done="qa.done.delete"
        color="error"
        confirm={{ title: 'qa.confirm.delete_title', content: 'qa.confirm.delete' }}
        run={(provider) => provider.deleteAnswer(answer.id)}
      />
      <RevisionsButton kind="answer" id={answer.id} />
    </Stack>
  );
}

function ReplyActions() {
  const reply = useRecordContext<QaReply>();
  if (!reply || reply.deleted) return null;
  return (
    <QaCommandButton
      label="qa.verbs.delete"
      done="qa.done.delete"
      color="error"
      confirm={{ title: 'qa.confirm.delete_title', content: 'qa.confirm.delete' }}
      run={(provider) => provider.deleteAnswerReply(reply.id)}
    />
  );
}

const filters = [<TextInput key="questionId" source="questionId" alwaysOn />];

/** Every answer (deleted ones too), newest first, optionally of one question: adopt for the asker, delete. */
export function AnswerList() {
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="content" disableSort>
          <FunctionField<QaAnswer> render={(answer) => <Content item={answer} adopted={answer.adopted} />} />
        </DataTable.Col>
        <DataTable.Col source="author" disableSort>
          <FunctionField<QaAnswer> render={(answer) => <MemberField member={answer.author} />} />
        </DataTable.Col>
        <DataTable.Col source="questionId" disableSort />
        <DataTable.Col source="postedAt" disableSort>
          <DateField source="postedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" disableSort>
          <AnswerActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Every reply to an answer (deleted ones too), newest first, optionally of one question: delete. */
export function AnswerReplyList() {
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="content" disableSort>
          <FunctionField<QaReply> render={(reply) => <Content item={reply} />} />
        </DataTable.Col>
        <DataTable.Col source="author" disableSort>
          <FunctionField<QaReply> render={(reply) => <MemberField member={reply.author} />} />
        </DataTable.Col>
        <DataTable.Col source="questionId" disableSort />
        <DataTable.Col source="postedAt" disableSort>
          <DateField source="postedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="actions" disableSort>
          <ReplyActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
