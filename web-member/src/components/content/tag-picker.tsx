import { useId } from 'react';

/** The leaf tags to tick for a topic or a question, with the problem and the how-many hint under them. */
export function TagPicker({
  legend,
  tags,
  chosen,
  onChange,
  error,
  hint,
}: {
  legend: string;
  tags: { tagId: string; name: string }[];
  chosen: string[];
  onChange: (tagIds: string[]) => void;
  error?: string;
  hint: string;
}) {
  const id = useId();
  const toggle = (tagId: string) =>
    onChange(chosen.includes(tagId) ? chosen.filter((value) => value !== tagId) : [...chosen, tagId]);
  return (
    <fieldset className={`field${error ? ' field--invalid' : ''}`} aria-describedby={`${id}-tags-hint`}>
      <legend className="field__label">{legend}</legend>
      <div className="tag-picker">
        {tags.map((tag) => (
          <label key={tag.tagId} className="tag-picker__item">
            <input type="checkbox" checked={chosen.includes(tag.tagId)} onChange={() => toggle(tag.tagId)} />
            {tag.name}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p id={`${id}-tags-hint`} className="field__hint">
        {hint}
      </p>
    </fieldset>
  );
}
