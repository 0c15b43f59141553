import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_HIDE_TYPES, hideContent, HideNode } from './hide-node';

/** The topic editor (TipTap) producing HTML; loaded only by the screens that post or edit topics. */
export function RichEditor({
  initialHtml,
  onChange,
  label,
  invalid,
  describedBy,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [StarterKit, HideNode],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rich-editor__content rich-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    const element = editor?.view.dom;
    if (!element) return;
    if (invalid) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    else element.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  return (
    <div className="rich-editor">
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [hideOpen, setHideOpen] = useState(false);
  const button = (label: string, run: () => void, active = false) => (
    <button
      type="button"
      className={`toolbar__button${active ? ' toolbar__button--active' : ''}`}
      aria-pressed={active}
      onClick={run}
    >
      {label}
    </button>
  );
  const chain = () => editor.chain().focus();
  return (
    <div className="toolbar" role="toolbar" aria-label={t('forum.editor.toolbar')}>
      {button(t('forum.editor.bold'), () => chain().toggleBold().run(), editor.isActive('bold'))}
      {button(t('forum.editor.italic'), () => chain().toggleItalic().run(), editor.isActive('italic'))}
      {button(t('forum.editor.heading'), () => chain().toggleHeading({ level: 2 }).run(), editor.isActive('heading'))}
      {button(t('forum.editor.bulletList'), () => chain().toggleBulletList().run(), editor.isActive('bulletList'))}
      {button(t('forum.editor.orderedList'), () => chain().toggleOrderedList().run(), editor.isActive('orderedList'))}
      {button(t('forum.editor.blockquote'), () => chain().toggleBlockquote().run(), editor.isActive('blockquote'))}
      {button(t('forum.editor.codeBlock'), () => chain().toggleCodeBlock().run(), editor.isActive('codeBlock'))}
      {button(t('forum.editor.undo'), () => chain().undo().run())}
      {button(t('forum.editor.redo'), () => chain().redo().run())}
      <button type="button" className="toolbar__button" aria-expanded={hideOpen} onClick={() => setHideOpen(!hideOpen)}>
        {t('forum.editor.insertHide')}
      </button>
      {hideOpen ? (
        <HideInserter
          onInsert={(type, value) => {
            chain().insertContent(hideContent(type, value)).run();
            setHideOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

function HideInserter({ onInsert }: { onInsert: (type: string, value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState<string>('10');
  const [value, setValue] = useState('');
  const needsValue = type !== '20';
  return (
    <div className="hide-inserter" role="group" aria-label={t('forum.editor.insertHide')}>
      <label htmlFor={`${id}-type`}>{t('forum.editor.hideType')}</label>
      <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)}>
        {EDITOR_HIDE_TYPES.map((option) => (
          <option key={option} value={option}>
            {t(`forum.hideType.${option}`)}
          </option>
        ))}
      </select>
      {needsValue ? (
        <>
          <label htmlFor={`${id}-value`}>
            {type === '10' ? t('forum.editor.hideValue') : t('forum.editor.hideGrade')}
          </label>
          <input
            id={`${id}-value`}
            type={type === '30' ? 'number' : 'text'}
            min={type === '30' ? 0 : undefined}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </>
      ) : null}
      <button
        type="button"
        className="button button--small"
        disabled={needsValue && !value.trim()}
        onClick={() => onInsert(type, value.trim())}
      >
        {t('forum.editor.insert')}
      </button>
    </div>
  );
}
