import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yuanToFen } from '@/features/wallet/utils/money';
import { registerImageInserter } from '@/lib/editor-insert';
import { formProblemsOf } from '@/lib/form-problems';
import { uploadImage } from '../api/upload-image';
import { uploadVideo } from '../api/videos';
import { hideLabelView } from './hide-label';
import { EDITOR_HIDE_TYPES, hideContent, HideNode } from './hide-node';
import { MentionList } from '../components/mention-suggestions';
import { useMentionSuggest } from './mention-suggest';
import { playerContent, PlayerNode } from './player-node';

/** The topic editor (TipTap) producing HTML; loaded only by the screens that post or edit topics. */
export function RichEditor({
  initialHtml,
  onChange,
  label,
  invalid,
  describedBy,
  hiddenBlocks = true,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** Offers hidden blocks: topics only (Q&A has nothing that unlocks them, and the server removes them there). */
  hiddenBlocks?: boolean;
}) {
  // The mention list drives some keys; the editor's props are fixed at creation, so they reach it through a ref.
  const mentionKeys = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const { i18n } = useTranslation();
  // Hidden blocks are labelled in words in the author's language; what is saved is the node's own HTML.
  const [LabelledHideNode] = useState(() => HideNode.extend({ addNodeView: () => hideLabelView(i18n) }));
  const editor = useEditor({
    extensions: [StarterKit, LabelledHideNode, Image, PlayerNode],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: 'rich-editor__content rich-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
      handleKeyDown: (_view, event) => mentionKeys.current(event),
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (!editor) return;
    // Before the view is mounted TipTap throws on `view.dom`: apply once it is created.
    const apply = () => {
      let element: HTMLElement;
      try {
        element = editor.view.dom;
      } catch {
        return;
      }
      if (invalid) element.setAttribute('aria-invalid', 'true');
      else element.removeAttribute('aria-invalid');
      if (describedBy) element.setAttribute('aria-describedby', describedBy);
      else element.removeAttribute('aria-describedby');
    };
    apply();
    editor.on('create', apply);
    return () => {
      editor.off('create', apply);
    };
  }, [editor, invalid, describedBy]);

  // The AI assistant's image viewer inserts into the open editor (spec: `insertImage`, 30, url).
  useEffect(
    () => (editor ? registerImageInserter((src) => editor.chain().focus().setImage({ src }).run()) : undefined),
    [editor],
  );

  const mention = useMentionSuggest(editor);
  mentionKeys.current = mention.onKeyDown;

  return (
    <div className="rich-editor">
      {editor ? <Toolbar editor={editor} hiddenBlocks={hiddenBlocks} /> : null}
      <EditorContent editor={editor} />
      {mention.open ? <MentionList items={mention.items} active={mention.active} onChoose={mention.choose} /> : null}
    </div>
  );
}

function Toolbar({ editor, hiddenBlocks }: { editor: Editor; hiddenBlocks: boolean }) {
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
      <ImageButton editor={editor} />
      <VideoButton editor={editor} />
      {hiddenBlocks ? (
        <button
          type="button"
          className="toolbar__button"
          aria-expanded={hideOpen}
          onClick={() => setHideOpen(!hideOpen)}
        >
          {t('forum.editor.insertHide')}
        </button>
      ) : null}
      {hiddenBlocks && hideOpen ? (
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

/** The stored `value` for what the author typed: a password, points (whole), or yuan stored as fen; null if invalid. */
function hideValue(type: string, input: string): string | null {
  const text = input.trim();
  if (type === '20') return '';
  if (type === '50') {
    const fen = yuanToFen(text);
    return fen === null || fen > 9_999_999_999 ? null : String(fen);
  }
  if (type === '30') return /^\d{1,9}$/.test(text) ? text : null;
  if (type === '40') return /^[1-9]\d{0,8}$/.test(text) ? text : null;
  return text || null;
}

const VALUE_LABELS: Record<string, string> = {
  '10': 'forum.editor.hideValue',
  '30': 'forum.editor.hideGrade',
  '40': 'forum.editor.hidePoints',
  '50': 'forum.editor.hideBalance',
};

function HideInserter({ onInsert }: { onInsert: (type: string, value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [type, setType] = useState<string>('10');
  const [value, setValue] = useState('');
  const needsValue = type !== '20';
  const stored = hideValue(type, value);
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
          <label htmlFor={`${id}-value`}>{t(VALUE_LABELS[type]!)}</label>
          <input
            id={`${id}-value`}
            type={type === '30' || type === '40' ? 'number' : 'text'}
            inputMode={type === '50' ? 'decimal' : undefined}
            min={type === '30' ? 0 : type === '40' ? 1 : undefined}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </>
      ) : null}
      <button
        type="button"
        className="button button--small"
        disabled={stored === null}
        onClick={() => stored !== null && onInsert(type, stored)}
      >
        {t('forum.editor.insert')}
      </button>
    </div>
  );
}

/** Uploads a picture (the server checks its size and format) and inserts it where the cursor is. */
function ImageButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  return (
    <UploadButton
      label={t('forum.editor.image')}
      accept="image/*"
      upload={async (file) => {
        const image = await uploadImage(file);
        editor.chain().focus().setImage({ src: image.url }).run();
      }}
    />
  );
}

/** Uploads a video (the server checks size and format, then transcodes it) and inserts its `<player>`. */
function VideoButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  return (
    <UploadButton
      label={t('forum.editor.video')}
      busyLabel={t('forum.editor.videoUploading')}
      accept="video/mp4,video/webm"
      upload={async (file) => {
        const video = await uploadVideo(file);
        editor.chain().focus().insertContent(playerContent(video.videoId)).run();
      }}
    />
  );
}

/**
 * A toolbar button that picks a file and hands it to `upload`; it is disabled while the upload runs, and the
 * server's refusal is shown (and announced) beside it. The input is emptied afterwards so the same file can be
 * picked again.
 */
function UploadButton({
  label,
  busyLabel,
  accept,
  upload,
}: {
  label: string;
  /** Shown on the button while uploading (the label stays when absent). */
  busyLabel?: string;
  accept: string;
  upload: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      await upload(file);
    } catch (failure) {
      const problems = formProblemsOf(failure, ['file'], t);
      setError(problems.fields.file ?? problems.form ?? t('common.submitError'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <>
      <button type="button" className="toolbar__button" disabled={busy} onClick={() => input.current?.click()}>
        {busy && busyLabel ? busyLabel : label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void pick(file);
        }}
      />
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
