import {
  Create,
  CreateButton,
  DataTable,
  DateField,
  DeleteButton,
  Edit,
  EditButton,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
} from 'react-admin';

/** Help center categories, in their order; a category with articles cannot be deleted. */
export function HelpCategoryList() {
  return (
    <List
      exporter={false}
      pagination={false}
      perPage={1000}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="name" disableSort />
        <DataTable.NumberCol source="sort" disableSort />
        <DataTable.NumberCol source="articleCount" disableSort />
        <DataTable.Col disableSort>
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function HelpCategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <NumberInput source="sort" step={1} />
    </SimpleForm>
  );
}

export function HelpCategoryCreate() {
  return (
    <Create redirect="list" record={{ sort: 0 }} mutationMode="pessimistic">
      <HelpCategoryForm />
    </Create>
  );
}

export function HelpCategoryEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <HelpCategoryForm />
    </Edit>
  );
}

/** Help articles by category, with a search over titles and contents (the members' search). */
export function HelpArticleList() {
  const filters = [
    <TextInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="categoryId" source="categoryId" reference="helpCategories" alwaysOn>
      <SelectInput optionText="name" />
    </ReferenceInput>,
  ];
  return (
    <List exporter={false} filters={filters} perPage={20}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="title" disableSort />
        <DataTable.Col source="categoryId" disableSort>
          <ReferenceField source="categoryId" reference="helpCategories" link={false} />
        </DataTable.Col>
        <DataTable.NumberCol source="sort" disableSort />
        <DataTable.Col source="updatedAt" disableSort>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
        <DataTable.Col disableSort>
          <EditButton />
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Title and plain-text content (a blank line between paragraphs), in a category. */
function HelpArticleForm() {
  return (
    <SimpleForm>
      <ReferenceInput source="categoryId" reference="helpCategories">
        <SelectInput optionText="name" validate={required()} />
      </ReferenceInput>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="content" validate={required()} multiline minRows={8} fullWidth />
      <NumberInput source="sort" step={1} />
    </SimpleForm>
  );
}

export function HelpArticleCreate() {
  return (
    <Create redirect="list" record={{ sort: 0 }} mutationMode="pessimistic">
      <HelpArticleForm />
    </Create>
  );
}

export function HelpArticleEdit() {
  return (
    <Edit redirect="list" mutationMode="pessimistic">
      <HelpArticleForm />
    </Edit>
  );
}
