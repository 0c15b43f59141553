import { useInput, useTranslate } from 'react-admin';
import { ChipsField } from '../inputs/ChipsField';

/** A list of words (or numbers) of the settings as chips; numbers stay numbers. */
export function WordsInput({ source, label, numeric }: { source: string; label: string; numeric: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<unknown[]>({ source });
  const words = (Array.isArray(field.value) ? field.value : []).map(String);
  const error = fieldState.error?.message;
  return (
    <ChipsField
      label={label}
      value={words}
      fullWidth
      error={Boolean(fieldState.error)}
      helperText={error ? translate(error, { _: error }) : translate('settings.words_hint')}
      onChange={(values) =>
        field.onChange(numeric ? values.map((text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text)) : values)
      }
    />
  );
}
