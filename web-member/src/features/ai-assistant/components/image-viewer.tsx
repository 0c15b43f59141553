import { useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import { copyImageToClipboard } from './copy-image';
import { ImagePreview } from './image-preview';
import './image-viewer.css';

/** The code the editor expects with an inserted image (`insertImage`, 30, url). */
export const INSERT_IMAGE_CODE = 30;

export interface ImageViewerProps {
  src: string;
  alt?: string;
  /** The "insert" action: hands the image to the editor. */
  onInsertImage?: (code: typeof INSERT_IMAGE_CODE, url: string) => void;
  copy?: (url: string) => Promise<void>;
}

/**
 * An image in an AI assistant answer: shown inline (lazy, with a placeholder, a failure icon when it cannot
 * load) with three actions — full-size preview, copy to clipboard, insert into the editor.
 */
export function ImageViewer({ src, alt = '', onInsertImage, copy = copyImageToClipboard }: ImageViewerProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [previewing, setPreviewing] = useState(false);

  const copyImage = async () => {
    try {
      await copy(src);
      toast.success(t('aiChatImageView.40'));
    } catch {
      toast.error(t('aiChatImageView.50'));
    }
  };

  return (
    <figure className="ai-image">
      <div className={`ai-image__frame ai-image__frame--${status}`}>
        {status === 'failed' ? (
          <div className="ai-image__failed">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M21 5v6.6l-3-3-4 4-4-4-4 4-3-3V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Zm-3 6.4 3 3V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-6.6l3 3 4-4 4 4 4-4Z" />
            </svg>
            <span>{t('imageViewer.failed')}</span>
          </div>
        ) : (
          <img
            src={src}
            alt={alt}
            loading="lazy"
            decoding="async"
            aria-busy={status === 'loading'}
            onLoad={() => setStatus('loaded')}
            onError={() => setStatus('failed')}
          />
        )}
        {status === 'loading' ? (
          <span className="ai-image__placeholder" role="img" aria-label={t('imageViewer.loading')} />
        ) : null}
      </div>
      <div className="ai-image__actions">
        <button type="button" onClick={() => setPreviewing(true)} disabled={status === 'failed'}>
          {t('aiChatImageView.10')}
        </button>
        <button type="button" onClick={() => void copyImage()} disabled={status === 'failed'}>
          {t('aiChatImageView.20')}
        </button>
        {onInsertImage ? (
          <button type="button" onClick={() => onInsertImage(INSERT_IMAGE_CODE, src)}>
            {t('aiChatImageView.30')}
          </button>
        ) : null}
      </div>
      {previewing ? <ImagePreview src={src} alt={alt} onClose={() => setPreviewing(false)} /> : null}
    </figure>
  );
}
