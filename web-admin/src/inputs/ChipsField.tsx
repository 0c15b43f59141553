import { Autocomplete, Chip, TextField } from '@mui/material';

export interface ChipsFieldProps {
  label: string;
  value: readonly string[];
  onChange: (values: string[]) => void;
  helperText?: string;
  placeholder?: string;
  error?: boolean;
  fullWidth?: boolean;
}

/** Free words as chips: type one, press Enter; each chip can be removed. Duplicates and blanks are dropped. */
export function ChipsField({ label, value, onChange, helperText, placeholder, error, fullWidth }: ChipsFieldProps) {
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      size="small"
      options={[]}
      value={[...value]}
      onChange={(_event, values) => onChange([...new Set(values.map((text) => text.trim()).filter(Boolean))])}
      renderValue={(values, getItemProps) =>
        values.map((text, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <Chip size="small" label={text} key={key} {...chipProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length === 0 ? placeholder : undefined}
          helperText={helperText}
          error={error}
        />
      )}
      sx={{ flex: 1, minWidth: '16rem', ...(fullWidth ? { width: '100%' } : {}) }}
    />
  );
}
