import './markdown-editor.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { MentionList } from './mention-suggestions';
import { ContentView } from '@/components/content/content-view';
import { useTextareaMentions } from './use-textarea-mentions';
import { previewMarkdown } from './markdown-source';

/**
 * The editor's Markdown mode (ADR 0033): a plain text area with `@` mentions, a help line (the hidden-block syntax
 * when the content may hold hidden blocks), and a Preview tab showing what the server will store — rendered by
 * the server's own converter and sanitizer, hidden blocks open under their labels as in the rich editor.
 */
export function MarkdownEditor({
  value,
  onChange,
  label,
  invalid,
  describedBy,
  hiddenBlocks,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  hiddenBlocks: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const mentions = useTextareaMentions(field, value, onChange);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  /** The preview's HTML; null while it is being rendered, false when that failed. */
  const [preview, setPreview] = useState<string | null | false>(null);

  useEffect(() => {
    if (tab !== 'preview') return;
    let current = true;
    setPreview(null);
    previewMarkdown(value, hiddenBlocks).then(
      (html) => current && setPreview(html),
      () => current && setPreview(false),
    );
    return () => {
      current = false;
    };
  }, [tab, value, hiddenBlocks]);

  const tabButton = (name: 'write' | 'preview') => (
    <button
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      className={`toolbar__button${tab === name ? ' toolbar__button--active' : ''}`}
      onClick={() => setTab(name)}
    >
      {t(`forum.editor.markdown.${name}`)}
    </button>
  );

  return (
    <div className="markdown-editor">
      <div className="toolbar" role="tablist" aria-label={t('forum.editor.markdown.tabs')}>
        {tabButton('write')}
        {tabButton('preview')}
      </div>
      <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'}>
        <textarea
          ref={field}
          className="markdown-editor__source"
          rows={14}
          value={value}
          aria-label={label}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[`${id}-help`, describedBy].filter(Boolean).join(' ')}
          spellCheck={false}
          onChange={(event) => {
            onChange(event.target.value);
            mentions.track();
          }}
          onSelect={mentions.track}
          onKeyDown={mentions.onKeyDown}
          onBlur={mentions.close}
        />
        {mentions.open ? (
          <MentionList items={mentions.items} active={mentions.active} onChoose={mentions.choose} />
        ) : null}
        <div id={`${id}-help`} className="markdown-editor__help">
          <p>{t('forum.editor.markdown.help')}</p>
          {hiddenBlocks ? <p>{t('forum.editor.markdown.hideHelp')}</p> : null}
        </div>
      </div>
      <div
        id={`${id}-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== 'preview'}
        className="markdown-editor__preview"
      >
        {tab !== 'preview' ? null : preview === null ? (
          <p className="muted">{t('forum.editor.markdown.previewLoading')}</p>
        ) : preview === false ? (
          <p role="alert">{t('forum.editor.markdown.previewFailed')}</p>
        ) : preview ? (
          <ContentView html={preview} blocks={[]} />
        ) : (
          <p className="muted">{t('forum.editor.previewEmpty')}</p>
        )}
      </div>
    </div>
  );
}
