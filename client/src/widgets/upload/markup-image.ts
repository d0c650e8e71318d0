/**
 * The photo as a canvas may draw and export it: fetched as bytes and shown from a blob URL, so the
 * canvas is never tainted by another origin (the API may sit on one) and toBlob works. Same-origin
 * credentials, as the image viewer's download (docs/product.md §7).
 */
export async function loadImageForCanvas(url: string): Promise<HTMLImageElement> {
  const res = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!res.ok) throw new Error(String(res.status));
  const objectUrl = URL.createObjectURL(await res.blob());
  try {
    const image = new Image();
    image.src = objectUrl;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}

/** The canvas as a PNG file under `name`. */
export function canvasToPngFile(canvas: HTMLCanvasElement, name: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], name, { type: 'image/png' })) : reject(new Error('png'))),
      'image/png',
    ),
  );
}
