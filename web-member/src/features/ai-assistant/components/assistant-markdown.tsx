import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { insertImageIntoEditor } from '@/lib/editor-insert';
import { ImageViewer } from './image-viewer';

/** Only web and site-relative addresses survive; `javascript:`, `data:` and the like become nothing. */
function safeUrl(url: string): string {
  const allowed = defaultUrlTransform(url);
  return /^(https?:\/\/|\/(?!\/))/i.test(allowed) ? allowed : '';
}

/**
 * An assistant answer's Markdown as React elements: raw HTML is dropped (never parsed into the page), links and
 * images keep only http(s) or site addresses, site links stay in the app, and images open in the AI chat image
 * viewer (preview, copy, insert into the open editor).
 */
export function AssistantMarkdown({ markdown, onNavigate }: { markdown: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const components: Components = {
    // An image viewer is a block (a figure): paragraphs become blocks that may hold one.
    p: ({ children }) => <div className="assistant-markdown__p">{children}</div>,
    a: ({ href, children }) => {
      if (!href) return <span>{children}</span>;
      if (href.startsWith('/')) {
        return (
          <Link to={href} onClick={onNavigate}>
            {children}
          </Link>
        );
      }
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    },
    img: ({ src, alt }) =>
      typeof src === 'string' && src ? (
        <ImageViewer
          src={src}
          alt={alt ?? ''}
          onInsertImage={(_code, url) => {
            if (insertImageIntoEditor(url)) toast.success(t('assistant.inserted'));
            else toast.error(t('assistant.insertError'));
          }}
        />
      ) : null,
  };
  return (
    <div className="assistant-markdown rich-content">
      <Markdown skipHtml urlTransform={safeUrl} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
