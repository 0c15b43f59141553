import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/translator';
import { toast } from '@/components/ui/toast-store';
import { formProblemsOf } from '@/lib/form-problems';
import { useUploadAvatar } from '../api/profile';
import {
  cropBoxOf,
  initialView,
  MAX_ZOOM,
  moveBy,
  zoomOf,
  zoomTo,
  type CropView,
  type ImageSize,
} from './crop-geometry';

/** The viewport's side in CSS pixels. */
const VIEWPORT = 240;
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const KEY_STEP = 10;

interface Picked {
  file: File;
  url: string;
}

/**
 * Choosing a picture and the square to keep: drag it (or use the arrow keys) inside the square and zoom with the
 * slider; the server cuts that square out of the original and makes the 200×200 avatar.
 */
export function AvatarEditor({
  currentUrl,
  onUploaded,
}: {
  currentUrl: string | null;
  onUploaded: (url: string) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [image, setImage] = useState<ImageSize | null>(null);
  const [view, setView] = useState<CropView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const upload = useUploadAvatar();
  const fileId = useId();
  const zoomId = useId();

  useEffect(() => () => (picked ? URL.revokeObjectURL?.(picked.url) : undefined), [picked]);

  const choose = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setProblem(t('avatar.wrongType'));
      return;
    }
    setImage(null);
    setView(null);
    setPicked({ file, url: URL.createObjectURL(file) });
  };

  const loaded = (element: HTMLImageElement) => {
    const size = { width: element.naturalWidth, height: element.naturalHeight };
    if (!size.width || !size.height) {
      setProblem(t('avatar.unreadable'));
      return;
    }
    setImage(size);
    setView(initialView(size, VIEWPORT));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !view || !image) return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    setView(moveBy(view, dx, dy, image, VIEWPORT));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!view || !image) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setView(moveBy(view, move[0], move[1], image, VIEWPORT));
    } else if (event.key === '+' || event.key === '-') {
      event.preventDefault();
      const zoom = zoomOf(view, image, VIEWPORT) + (event.key === '+' ? 0.25 : -0.25);
      setView(zoomTo(view, zoom, image, VIEWPORT));
    }
  };

  const save = () => {
    if (!picked || !image || !view || upload.isPending) return;
    setProblem(null);
    upload.mutate(
      { file: picked.file, fileName: picked.file.name, crop: cropBoxOf(view, image, VIEWPORT) },
      {
        onSuccess: ({ avatarUrl }) => {
          toast.success(t('avatar.saved'));
          setPicked(null);
          setImage(null);
          setView(null);
          onUploaded(avatarUrl);
        },
        onError: (error) => {
          const problems = formProblemsOf(error, [], t);
          setProblem(problems.closed || problems.form || t('common.submitError'));
        },
      },
    );
  };

  return (
    <section className="avatar-editor" aria-labelledby="avatar-title">
      <h2 id="avatar-title" className="section-title">
        {t('avatar.title')}
      </h2>
      <div className="avatar-editor__current">
        {currentUrl ? (
          <img className="avatar avatar--large" src={currentUrl} alt={t('avatar.current')} width={100} height={100} />
        ) : (
          <p className="muted">{t('avatar.none')}</p>
        )}
      </div>
      <div className="field">
        <label htmlFor={fileId} className="field__label">
          {t('avatar.choose')}
        </label>
        <input
          id={fileId}
          type="file"
          accept={ACCEPTED.join(',')}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <p className="field__hint">{t('avatar.hint')}</p>
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {picked ? (
        <>
          <div
            className="cropper"
            style={{ width: VIEWPORT, height: VIEWPORT }}
            role="group"
            tabIndex={0}
            aria-label={t('avatar.cropArea')}
            aria-describedby={`${fileId}-crop-help`}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <img
              src={picked.url}
              alt={t('avatar.chosen')}
              draggable={false}
              onLoad={(event) => loaded(event.currentTarget)}
              onError={() => setProblem(t('avatar.unreadable'))}
              style={
                view && image
                  ? {
                      width: image.width * view.scale,
                      height: image.height * view.scale,
                      transform: `translate(${view.offsetX}px, ${view.offsetY}px)`,
                    }
                  : { visibility: 'hidden' }
              }
            />
          </div>
          <p id={`${fileId}-crop-help`} className="field__hint">
            {t('avatar.cropHelp')}
          </p>
          <div className="field">
            <label htmlFor={zoomId} className="field__label">
              {t('avatar.zoom')}
            </label>
            <input
              id={zoomId}
              type="range"
              min={1}
              max={MAX_ZOOM}
              step={0.05}
              disabled={!view || !image}
              value={view && image ? zoomOf(view, image, VIEWPORT) : 1}
              onChange={(event) => view && image && setView(zoomTo(view, Number(event.target.value), image, VIEWPORT))}
            />
          </div>
          <button type="button" className="button button--primary" disabled={!view || upload.isPending} onClick={save}>
            {upload.isPending ? t('avatar.saving') : t('avatar.save')}
          </button>
        </>
      ) : null}
    </section>
  );
}
