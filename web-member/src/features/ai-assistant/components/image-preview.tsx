import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { canZoomIn, canZoomOut, initialView, rotate, zoomByWheel, zoomIn, zoomOut } from './image-zoom';

/** Full-size preview overlay with zoom (buttons and wheel), rotation, reset and close. */
export function ImagePreview({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [view, setView] = useState(initialView);
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    if (typeof element.showModal === 'function') {
      if (!element.open) element.showModal();
    } else element.setAttribute('open', '');
    element.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    return () => opener?.focus?.();
  }, []);

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    // Registered by hand: React's wheel handlers are passive and cannot stop the page from scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((current) => zoomByWheel(current, event.deltaY));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <dialog
      ref={dialog}
      className="image-preview"
      aria-label={t('imageViewer.dialog')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="image-preview__toolbar">
        <button type="button" onClick={() => setView(zoomOut)} disabled={!canZoomOut(view)}>
          {t('imageViewer.zoomOut')}
        </button>
        <output className="image-preview__zoom" aria-live="polite">
          {t('imageViewer.zoomLevel', { percent: Math.round(view.scale * 100) })}
        </output>
        <button type="button" onClick={() => setView(zoomIn)} disabled={!canZoomIn(view)}>
          {t('imageViewer.zoomIn')}
        </button>
        <button type="button" onClick={() => setView(rotate)}>
          {t('imageViewer.rotate')}
        </button>
        <button type="button" onClick={() => setView(initialView)}>
          {t('imageViewer.reset')}
        </button>
        <button type="button" onClick={onClose} data-autofocus>
          {t('imageViewer.close')}
        </button>
      </div>
      <div className="image-preview__stage" ref={stage} data-testid="image-preview-stage">
        <img
          src={src}
          alt={alt}
          style={{ transform: `scale(${view.scale}) rotate(${view.rotation}deg)` }}
          draggable={false}
        />
      </div>
    </dialog>
  );
}
