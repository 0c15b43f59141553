import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { yuanToFen } from '@contracts/wallet/money';
import { registerImageInserter } from '@/lib/editor-insert';
import { formProblemsOf } from '@/lib/form-problems';
import { uploadImage } from '@/lib/api/upload-image';
import { uploadVideo } from '@/lib/api/videos';
import { hideLabelView } from './hide-label';
import { EDITOR_HIDE_TYPES, hideContent, HideNode } from './hide-node';
import { MarkdownEditor } from './markdown-editor';
import { previewMarkdown, richToMarkdownSource, type ContentFormat } from './markdown-source';
import { MentionList } from './mention-suggestions';
import { useMentionSuggest } from './mention-suggest';
import { playerContent, PlayerNode } from './player-node';

export type { ContentFormat } from './markdown-source';

/**
 * The topic editor (TipTap) producing HTML, with a Markdown mode (ADR 0033) producing Markdown text the server
 * converts; loaded only by the screens that post or edit topics and questions. `onChange` gets the content and its
 * format; a form sends both (`{content, format}`). Switching to Markdown keeps the rich content as HTML (Markdown
 * accepts it); switching back renders the Markdown through the server, so nothing is lost either way.
 */
export function RichEditor({
  initialHtml,
  initialFormat = 'html',
  onChange,
  onFormatChange,
  markdown = true,
  label,
  invalid,
  describedBy,
  hiddenBlocks = true,
}: {
  /** The content to start with, in `initialFormat` (Markdown text when that is `markdown`, e.g. a draft). */
  initialHtml: string;
  initialFormat?: ContentFormat;
  onChange: (content: string, format: ContentFormat) => void;
  /** Called when the writer switches between rich text and Markdown (after `onChange` with the new content). */
  onFormatChange?: (format: ContentFormat) => void;
  /** Offers the Markdown mode (on by default). */
  markdown?: boolean;
  label: string;
  invalid?: boolean;
  describedBy?: string;
  /** Offers hidden blocks: topics only (Q&A has nothing that unlocks them, and the server removes them there). */
  hiddenBlocks?: boolean;
}) {
  // The mention list drives some keys; the editor's props are fixed at creation, so they reach it through a ref.
  const mentionKeys = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const { t, i18n } = useTranslation();
  const [format, setFormat] = useState<ContentFormat>(initialFormat);
  const [source, setSource] = useState(initialFormat === 'markdown' ? initialHtml : '');
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState(false);
  // Hidden blocks are labelled in words in the author's language; what is saved is the node's own HTML.
  const [LabelledHideNode] = useState(() => HideNode.extend({ addNodeView: () => hideLabelView(i18n) }));
  const editor = useEditor({
    extensions: [StarterKit, LabelledHideNode, Image, PlayerNode],
    content: initialFormat === 'markdown' ? '' : initialHtml,
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
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML(), 'html'),
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

  const changeSource = (text: string) => {
    setSource(text);
    onChange(text, 'markdown');
  };

  const switchTo = async (next: ContentFormat) => {
    if (!editor || next === format || switching) return;
    setSwitchError(false);
    if (next === 'markdown') {
      const text = editor.isEmpty ? '' : richToMarkdownSource(editor.getHTML());
      setSource(text);
      setFormat('markdown');
      onChange(text, 'markdown');
      onFormatChange?.('markdown');
      return;
    }
    setSwitching(true);
    try {
      const html = source.trim() ? await previewMarkdown(source, hiddenBlocks) : '';
      editor.commands.setContent(html, { emitUpdate: false });
      setFormat('html');
      onChange(editor.isEmpty ? '' : editor.getHTML(), 'html');
      onFormatChange?.('html');
    } catch {
      setSwitchError(true);
    } finally {
      setSwitching(false);
    }
  };

  const modeButton = (name: ContentFormat) => (
    <button
      type="button"
      className={`toolbar__button${format === name ? ' toolbar__button--active' : ''}`}
      aria-pressed={format === name}
      disabled={switching}
      onClick={() => void switchTo(name)}
    >
      {t(name === 'html' ? 'forum.editor.markdown.rich' : 'forum.editor.markdown.markdown')}
    </button>
  );

  return (
    <div className="rich-editor">
      {markdown ? (
        <div className="rich-editor__mode" role="group" aria-label={t('forum.editor.markdown.mode')}>
          {modeButton('html')}
          {modeButton('markdown')}
          {switchError ? (
            <span className="field__error" role="alert">
              {t('forum.editor.markdown.switchFailed')}
            </span>
          ) : null}
        </div>
      ) : null}
      <div hidden={format !== 'html'}>
        {editor ? <Toolbar editor={editor} hiddenBlocks={hiddenBlocks} /> : null}
        <EditorContent editor={editor} />
        {mention.open ? <MentionList items={mention.items} active={mention.active} onChoose={mention.choose} /> : null}
      </div>
      {format === 'markdown' ? (
        <MarkdownEditor
          value={source}
          onChange={changeSource}
          label={label}
          invalid={invalid}
          describedBy={describedBy}
          hiddenBlocks={hiddenBlocks}
        />
      ) : null}
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
