import { Box } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  CreateButton,
  DataTable,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { ReportTypeRow } from './moderation-api';

/** The whole tree on one page: sites have a handful of report types. */
const TREE_PAGE = 1000;

/** Report types as an indented tree; members choose a leaf, and some types require a reason. */
export function ReportTypeList() {
  return (
    <List
      exporter={false}
      perPage={TREE_PAGE}
      pagination={false}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" disableSort>
          <FunctionField<ReportTypeRow>
            render={(type) => (
              <Box component="span" sx={{ pl: type.depth * 3, fontWeight: type.depth === 0 ? 600 : 400 }}>
                {type.name}
              </Box>
            )}
          />
        </DataTable.Col>
        <DataTable.NumberCol source="sort" disableSort />
        <DataTable.Col source="reasonRequired" disableSort>
          <BooleanField source="reasonRequired" />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Any other type, or none (a top-level type); the server refuses a parent inside the type's own subtree. */
function ParentInput() {
  const translate = useTranslate();
  const self = useRecordContext<ReportTypeRow>();
  const { data = [] } = useGetList<ReportTypeRow>('reportTypes', { pagination: { page: 1, perPage: TREE_PAGE } });
  const choices = data
    .filter((type) => type.id !== self?.id)
    .map((type) => ({ id: type.id, name: `${'— '.repeat(type.depth)}${type.name}` }));
  return <SelectInput source="parentId" choices={choices} emptyText={translate('moderation.report_types.root')} />;
}

function ReportTypeForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <ParentInput />
      <NumberInput source="sort" step={1} />
      <BooleanInput source="reasonRequired" />
    </SimpleForm>
  );
}

export function ReportTypeCreate() {
  return (
    <Create redirect="list" record={{ parentId: '', sort: 0, reasonRequired: false }} mutationMode="pessimistic">
      <ReportTypeForm />
    </Create>
  );
}

export function ReportTypeEdit() {
  return (
    <Edit
      redirect="list"
      mutationMode="pessimistic"
      transform={(data) => ({ ...data, parentId: data.parentId || null })}
    >
      <ReportTypeForm />
    </Edit>
  );
}
