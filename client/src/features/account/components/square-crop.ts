// The avatar picture cut to a square from its centre in the browser, before it is uploaded, so
// that the member sees what the header will show. At most AVATAR_SIDE pixels a side: the server
// keeps 512 px anyway, and a phone photo's megabytes need not travel.
export const AVATAR_SIDE = 512;

async function decode(file: Blob): Promise<CanvasImageSource & { width: number; height: number }> {
  // createImageBitmap reads the file itself; an <img> would need a blob: address the content
  // security policy refuses.
  if (typeof createImageBitmap === 'function') return createImageBitmap(file);
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A cropped picture: the file to upload, and the same as a data: address for the preview (the
 * site's content security policy lets images come from data:, not from blob:). */
export interface SquarePicture {
  blob: Blob;
  preview: string;
}

/** The centre square of `file`, as a JPEG (rejects when the picture cannot be read). */
export async function cropToSquare(file: Blob): Promise<SquarePicture> {
  const image = await decode(file);
  const side = Math.min(image.width, image.height);
  const out = Math.min(side, AVATAR_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context || side === 0) throw new Error('The picture cannot be read');
  context.drawImage(image, (image.width - side) / 2, (image.height - side) / 2, side, side, 0, 0, out, out);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (made) => (made ? resolve(made) : reject(new Error('The picture cannot be read'))),
      'image/jpeg',
      0.9,
    ),
  );
  return { blob, preview: canvas.toDataURL('image/jpeg', 0.9) };
}
