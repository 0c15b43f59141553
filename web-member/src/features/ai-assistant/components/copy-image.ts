export interface ClipboardDeps {
  fetch: typeof fetch;
  clipboard: Pick<Clipboard, 'write'> | undefined;
  makeItem: ((items: Record<string, Blob>) => ClipboardItem) | undefined;
  toPng: (blob: Blob) => Promise<Blob>;
}

/** Browsers put only PNG images on the clipboard, so other formats are redrawn as PNG first. */
async function canvasPng(blob: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('PNG conversion failed'))), 'image/png'),
  );
}

function browserDeps(): ClipboardDeps {
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    clipboard: globalThis.navigator?.clipboard,
    makeItem: typeof ClipboardItem === 'function' ? (items) => new ClipboardItem(items) : undefined,
    toPng: canvasPng,
  };
}

/** Fetches the image (GET of its source URL) and writes it to the system clipboard. */
export async function copyImageToClipboard(url: string, deps: ClipboardDeps = browserDeps()): Promise<void> {
  if (!deps.clipboard || !deps.makeItem) throw new Error('Clipboard images are not supported');
  const response = await deps.fetch(url);
  if (!response.ok) throw new Error(`Image answered ${response.status}`);
  const blob = await response.blob();
  const png = blob.type === 'image/png' ? blob : await deps.toPng(blob);
  await deps.clipboard.write([deps.makeItem({ 'image/png': png })]);
}
