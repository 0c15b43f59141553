import { createElement } from 'react';
import type { ComponentType } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  RadioButtonGroupInput,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { choiceKey, labelKey, sectionKey } from './settings-shape';
import type { SettingField } from './settings-shape';
import { AssistantApiKeyButton } from './AssistantApiKeyButton';
import { OAuthSecretButton } from './OAuthSecretButton';
import { WordsInput } from './WordsInput';

/** Actions a list's rows offer besides their inputs, by the list's path. */
const ROW_ACTIONS: Record<string, ComponentType> = {
  oauthProviders: OAuthSecretButton,
};

/** Actions a group of settings offers below its inputs, by the group's path (secrets kept outside the settings). */
const GROUP_ACTIONS: Record<string, ComponentType> = {
  assistant: AssistantApiKeyButton,
};

interface SettingInputProps {
  field: SettingField;
  /** The input's name in the form; inside a list row it is relative to the row (`url`). */
  source?: string;
  /** The label's path, list positions left out (`friendlyLinks.url`). */
  labelPath?: string;
  /** Inside a list row: no limits under each input (the row would drown in them; errors still show). */
  inRow?: boolean;
}

// Text keeps the empty string (react-admin would make it null), since every text setting is a string.
const keepText = (value: string) => value;

function humanize(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());
}

/** One setting's input, chosen by the kind of value the schema holds. */
export function SettingInput({ field, source = field.path, labelPath = field.path, inRow = false }: SettingInputProps) {
  const translate = useTranslate();
  // A setting added on the server before its labels shows its own name rather than a raw key.
  const label = translate(labelKey(labelPath), { _: humanize(labelPath) });
  const section = translate(sectionKey(labelPath), { _: humanize(labelPath) });

  switch (field.kind) {
    case 'text': {
      const long = (field.maxLength ?? 0) > 200;
      return (
        <TextInput
          source={source}
          label={label}
          parse={keepText}
          type={field.url ? 'url' : 'text'}
          multiline={long}
          minRows={long ? 2 : undefined}
          fullWidth
          helperText={field.maxLength && !inRow ? translate('settings.max_length', { max: field.maxLength }) : false}
        />
      );
    }
    case 'number':
      return (
        <NumberInput
          source={source}
          label={label}
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : undefined}
          helperText={
            field.min !== undefined && field.max !== undefined && !inRow
              ? translate('settings.range', { min: field.min, max: field.max })
              : false
          }
        />
      );
    case 'boolean':
      return <BooleanInput source={source} label={label} helperText={false} />;
    case 'choice':
      return (
        <RadioButtonGroupInput
          source={source}
          label={label}
          row
          helperText={false}
          choices={field.choices.map((choice) => ({
            id: choice,
            name: translate(choiceKey(labelPath, choice), { _: String(choice) }),
          }))}
          // The radio group hands back text; a numeric setting (device support) must stay a number.
          parse={(value: unknown) => field.choices.find((choice) => String(choice) === String(value)) ?? value}
        />
      );
    case 'options':
      return (
        <CheckboxGroupInput
          source={source}
          label={label}
          helperText={false}
          choices={field.choices.map((choice) => ({
            id: choice,
            name: translate(choiceKey(labelPath, choice), { _: String(choice) }),
          }))}
        />
      );
    case 'switch':
      return (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5, width: '100%' }} data-switch={field.path}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <Box sx={{ minWidth: '14rem' }}>
              <BooleanInput source={`${source}.enabled`} label={label} helperText={false} />
            </Box>
            <TextInput
              source={`${source}.message`}
              label={translate('settings.switch_message')}
              parse={keepText}
              helperText="settings.switch_message_hint"
              fullWidth
            />
          </Stack>
        </Paper>
      );
    case 'group':
      return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {section}
          </Typography>
          {field.fields.map((inner) => (
            <SettingInput key={inner.path} field={inner} />
          ))}
          {GROUP_ACTIONS[field.path] && createElement(GROUP_ACTIONS[field.path]!)}
        </Box>
      );
    case 'rows':
      return (
        <ArrayInput
          source={source}
          label={section}
          helperText={field.max ? translate('settings.max_items', { max: field.max }) : false}
        >
          {/* A row of a few inputs on one line; a long record (a login provider) one input under the other. */}
          <SimpleFormIterator inline={field.fields.length <= 4}>
            {field.fields.map((inner) => (
              <SettingInput
                key={inner.path}
                field={inner}
                source={inner.path}
                labelPath={`${labelPath}.${inner.path}`}
                inRow
              />
            ))}
            {ROW_ACTIONS[field.path] && createElement(ROW_ACTIONS[field.path]!)}
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'words':
      return <WordsInput source={source} label={label} numeric={field.numeric} />;
    case 'dictionary':
      return (
        <ArrayInput source={source} label={label} helperText={false}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="key" label={translate('settings.dictionary_key')} parse={keepText} helperText={false} />
            <TextInput
              source="value"
              label={translate('settings.dictionary_value')}
              parse={keepText}
              helperText={false}
            />
          </SimpleFormIterator>
        </ArrayInput>
      );
    case 'json':
      return (
        <TextInput
          source={source}
          label={label}
          multiline
          fullWidth
          helperText="settings.json_hint"
          format={(value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))}
          parse={(text: string) => {
            try {
              return JSON.parse(text) as unknown;
            } catch {
              return text;
            }
          }}
        />
      );
  }
}
