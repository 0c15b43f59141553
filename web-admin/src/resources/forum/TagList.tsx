import { Box } from '@mui/material';
import {
  BooleanField,
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
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { TagRow } from './forum-api';

/** The whole tree on one page: a tree is read as a whole, and a site has tens of tags, not thousands. */
const TREE_PAGE = 1000;

function TagName({ tag }: { tag: TagRow }) {
  return (
    <Box component="span" sx={{ pl: tag.depth * 3, fontWeight: tag.depth === 0 ? 600 : 400 }}>
      {tag.name}
    </Box>
  );
}

/** Tags as an indented tree (parents above their children, siblings by sort then name). */
export function TagList() {
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
          <FunctionField<TagRow> render={(tag) => <TagName tag={tag} />} />
        </DataTable.Col>
        <DataTable.NumberCol source="sort" disableSort />
        <DataTable.Col source="leaf" disableSort>
          <BooleanField source="leaf" />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/**
 * Any other tag of the same tree (the forum's `tags`, the Q&A's `qaTags`), or none (a root tag); the server
 * refuses a parent inside the tag's own subtree.
 */
function ParentInput() {
  const translate = useTranslate();
  const self = useRecordContext<TagRow>();
  const resource = useResourceContext() ?? 'tags';
  const { data = [] } = useGetList<TagRow>(resource, { pagination: { page: 1, perPage: TREE_PAGE } });
  const choices = data.filter((tag) => tag.id !== self?.id).map((tag) => ({ id: tag.id, name: tag.path }));
  return <SelectInput source="parentId" choices={choices} emptyText={translate('forum.tags.root')} />;
}

function TagForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <ParentInput />
      <NumberInput source="sort" step={1} />
    </SimpleForm>
  );
}

export function TagCreate() {
  return (
    <Create redirect="list" record={{ parentId: '', sort: 0 }} mutationMode="pessimistic">
      <TagForm />
    </Create>
  );
}

export function TagEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <TagForm />
    </Edit>
  );
}
