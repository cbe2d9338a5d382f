/**
 * Thumbnails of the original images (DECISIONS "Original images"). The upload's full decode (the check that a file
 * is not truncated or corrupt) already reads every pixel; it now shrinks the image to a thumbnail on the way, so a
 * thumbnail costs a WebP encode of 320×320 pixels, not a second decode. The thumbnail is EXIF-rotated and carries
 * no metadata (sharp strips it unless asked to keep it).
 *
 * A thumbnail is a convenience: when it cannot be made or stored, the upload goes on without it and the thumbnail
 * route makes one from the original on the fly (`thumbnailOf`).
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, THUMBNAIL_MAX_SIDE } from '@snapnotes/contracts';
import { verifyDecodable, type CheckedImage } from './image-checks.js';

export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
const THUMBNAIL_QUALITY = 70;

/** The image's pixels at thumbnail size (decoding the whole file, as the upload's check requires). */
function shrink(source: Buffer | string) {
  return sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
    .rotate() // EXIF orientation
    .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function encode(pixels: Awaited<ReturnType<typeof shrink>>): Promise<Buffer> {
  const { data, info } = pixels;
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .webp({ quality: THUMBNAIL_QUALITY })
    .toBuffer();
}

/**
 * The upload's full decode check, making the thumbnail on the way. Rejects with the upload's 400 (CORRUPT_IMAGE)
 * for a file that cannot be decoded; resolves null when the file is fine but no thumbnail could be made.
 */
export async function decodeWithThumbnail(image: CheckedImage): Promise<Buffer | null> {
  let pixels: Awaited<ReturnType<typeof shrink>>;
  try {
    pixels = await shrink('data' in image ? image.data : image.path);
  } catch {
    // The check's own verdict and message (it throws for a damaged file); a file it accepts has no thumbnail.
    await verifyDecodable(image);
    return null;
  }
  try {
    return await encode(pixels);
  } catch {
    return null;
  }
}

/** A thumbnail made from a stored original (the route's fallback when the stored thumbnail is missing). */
export async function thumbnailOf(original: Buffer): Promise<Buffer> {
  return encode(await shrink(original));
}
