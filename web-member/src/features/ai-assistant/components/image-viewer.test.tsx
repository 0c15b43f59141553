import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toast-store';
import { renderWithProviders } from '@/testing/render';
import { copyImageToClipboard } from './copy-image';
import { ImageViewer } from './image-viewer';

const src = 'https://files.example/answer.png';

function image() {
  return document.querySelector<HTMLImageElement>('.ai-image__frame img')!;
}

describe('AI chat image viewer', () => {
  it('loads lazily behind a placeholder, fitted with contain', () => {
    renderWithProviders(<ImageViewer src={src} alt="chart" />);
    expect(image().getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: 'Loading image' })).toBeTruthy();
    fireEvent.load(image());
    expect(screen.queryByRole('img', { name: 'Loading image' })).toBeNull();
  });

  it('shows the failure icon and FAILED when the image cannot load', () => {
    renderWithProviders(<ImageViewer src={src} />, { language: 'en' });
    fireEvent.error(image());
    expect(document.querySelector('.ai-image__failed')!.textContent).toBe('FAILED');
  });

  it('says 加载失败 in Chinese', () => {
    renderWithProviders(<ImageViewer src={src} />, { language: 'zh' });
    fireEvent.error(image());
    expect(document.querySelector('.ai-image__failed')!.textContent).toBe('加载失败');
  });

  it('opens the full-size preview and closes it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ImageViewer src={src} alt="chart" />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: 'Image preview' });
    const previewed = dialog.querySelector('img')!;
    expect(previewed.style.transform).toBe('scale(1) rotate(0deg)');

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(previewed.style.transform).toBe('scale(1.4) rotate(0deg)');
    await user.click(screen.getByRole('button', { name: 'Rotate 90°' }));
    expect(previewed.style.transform).toBe('scale(1.4) rotate(90deg)');
    act(() => {
      screen
        .getByTestId('image-preview-stage')
        .dispatchEvent(new WheelEvent('wheel', { deltaY: -1, cancelable: true }));
    });
    expect(previewed.style.transform).toMatch(/^scale\(1\.68\d*\) rotate\(90deg\)$/);
    await user.click(screen.getByRole('button', { name: 'Original size' }));
    expect(previewed.style.transform).toBe('scale(1) rotate(0deg)');

    await user.click(screen.getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables zoom in at 7x', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ImageViewer src={src} />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 7; i += 1) await user.click(zoomIn);
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Zoom 700%')).toBeTruthy();
  });

  it('copies to the clipboard with a success toast, or an error toast', async () => {
    const user = userEvent.setup();
    const copy = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    renderWithProviders(<ImageViewer src={src} copy={copy} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copy).toHaveBeenCalledWith(src);
    expect(toaster.store.get().toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: 'Image copied to the clipboard',
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(toaster.store.get().toasts.at(-1)).toMatchObject({
      kind: 'error',
      message: 'The image could not be copied',
    });
  });

  it('insert emits insertImage with 30 and the URL', async () => {
    const onInsertImage = vi.fn();
    renderWithProviders(<ImageViewer src={src} onInsertImage={onInsertImage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsertImage).toHaveBeenCalledWith(30, src);
  });
});

describe('copying an image', () => {
  it('fetches the image and writes it as PNG', async () => {
    const write = vi.fn().mockResolvedValue(undefined);
    const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });
    const png = new Blob(['png'], { type: 'image/png' });
    const toPng = vi.fn().mockResolvedValue(png);
    const makeItem = vi.fn((items: Record<string, Blob>) => items as unknown as ClipboardItem);
    await copyImageToClipboard(src, {
      fetch: vi.fn().mockResolvedValue(new Response(jpeg, { status: 200 })),
      clipboard: { write },
      makeItem,
      toPng,
    });
    expect(toPng).toHaveBeenCalled();
    expect(makeItem).toHaveBeenCalledWith({ 'image/png': png });
    expect(write).toHaveBeenCalledWith([{ 'image/png': png }]);
  });

  it('fails when the browser has no clipboard for images', async () => {
    await expect(
      copyImageToClipboard(src, { fetch: vi.fn(), clipboard: undefined, makeItem: undefined, toPng: vi.fn() }),
    ).rejects.toThrow();
  });
});
