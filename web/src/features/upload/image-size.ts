/**
 * An image's stored size in pixels, read from its header (PNG IHDR, JPEG SOFn) without decoding it: a photo is only
 * decoded when it must be made smaller. The JPEG EXIF orientation does not matter here (the pixel count is the same
 * either way). Hand-written: the npm readers (image-size, probe-image-size) are built for Node's Buffer and streams;
 * these two formats are the only ones uploads accept, and their headers are fixed by their specifications.
 */
export interface PixelSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** How much of a JPEG is read for its frame header (EXIF blocks with a thumbnail come first and can be ~64 KB). */
const JPEG_HEADER_BYTES = 256 * 1024;

function pngSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    if (marker === 0xda || length < 2) return null; // image data before any frame header: not a valid JPEG
    offset += 2 + length;
  }
  return null;
}

/** The pixel size of a PNG or JPEG file, or null when its header cannot be read (the server will say why). */
export async function readPixelSize(file: Blob): Promise<PixelSize | null> {
  const head = new Uint8Array(await file.slice(0, JPEG_HEADER_BYTES).arrayBuffer());
  return pngSize(head) ?? jpegSize(head);
}
