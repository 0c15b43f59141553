import { Chip } from '@mui/material';
import {
  Create,
  CreateButton,
  DataTable,
  DateField,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  maxLength,
  required,
  SimpleForm,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';

/** A notice as the staff list shows it. */
export interface StaffNotification {
  id: string;
  notificationId: string;
  title: string;
  content: string;
  publishedAt: string;
  editedAt: string | null;
  withdrawn: boolean;
  by: string;
}

const TITLE_MAX = 100;
const CONTENT_MAX = 5000;

function State({ notice }: { notice: StaffNotification }) {
  const translate = useTranslate();
  return notice.withdrawn ? (
    <Chip size="small" label={translate('notifications.withdrawn')} />
  ) : (
    <Chip size="small" color="success" label={translate('notifications.live')} />
  );
}

/** Every notice, withdrawn ones included, newest first, paged by the server. */
export function NotificationList() {
  return (
    <List
      exporter={false}
      perPage={20}
      actions={
        <TopToolbar>
          <CreateButton label="notifications.publish" />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="publishedAt" disableSort>
          <DateField source="publishedAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="editedAt" disableSort>
          <DateField source="editedAt" showTime emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="withdrawn" disableSort>
          <FunctionField<StaffNotification> render={(notice) => <State notice={notice} />} />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <FunctionField<StaffNotification>
            render={(notice) =>
              notice.withdrawn ? null : (
                <>
                  <EditButton />
                  <DeleteButton
                    label="notifications.withdraw"
                    mutationMode="pessimistic"
                    confirmTitle="notifications.withdraw_title"
                    confirmContent="notifications.withdraw_confirm"
                  />
                </>
              )
            }
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The same limits as the server: both fields required and not blank, title ≤ 100, content ≤ 5000 characters. */
function NotificationForm() {
  const notBlank = (value: unknown) =>
    typeof value === 'string' && value.trim() === '' ? 'ra.validation.required' : undefined;
  return (
    <SimpleForm>
      <TextInput source="title" validate={[required(), notBlank, maxLength(TITLE_MAX)]} fullWidth />
      <TextInput
        source="content"
        validate={[required(), notBlank, maxLength(CONTENT_MAX)]}
        multiline
        minRows={6}
        fullWidth
      />
    </SimpleForm>
  );
}

export function NotificationCreate() {
  return (
    <Create redirect="list" mutationMode="pessimistic" title="notifications.publish">
      <NotificationForm />
    </Create>
  );
}

export function NotificationEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <NotificationForm />
    </Edit>
  );
}
