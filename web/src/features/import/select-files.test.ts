// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { selectForImport } from './select-files.js';

/** A file as a folder picker gives it: with its path inside the chosen folder. */
function file(path: string, type: string): File {
  const made = new File([new Uint8Array([1])], path.split('/').pop() ?? path, { type });
  Object.defineProperty(made, 'webkitRelativePath', { value: path });
  return made;
}

describe('selectForImport', () => {
  it('sends the images in the folder order, then the zips; names what it leaves out but not system files', () => {
    const selection = selectForImport([
      file('Shots/IMG_10.png', 'image/png'),
      file('Shots/clip.mov', 'video/quicktime'),
      file('Shots/.DS_Store', ''),
      file('Shots/._IMG_2.png', 'image/png'),
      file('Shots/old.zip', 'application/zip'),
      file('Shots/IMG_2.JPG', ''),
      file('Shots/Thumbs.db', ''),
      file('Shots/IMG_1.jpeg', 'image/jpeg'),
    ]);
    expect(selection.send.map((f) => f.webkitRelativePath)).toEqual([
      'Shots/IMG_1.jpeg',
      'Shots/IMG_2.JPG',
      'Shots/IMG_10.png',
      'Shots/old.zip',
    ]);
    expect(selection).toMatchObject({ images: 3, zips: 1, leftOut: ['Shots/clip.mov'], overLimit: 0 });
  });

  it('keeps the first 1,000 images and counts the rest', () => {
    const many = Array.from({ length: 1003 }, (_, i) => file(`s/${String(i).padStart(4, '0')}.png`, 'image/png'));
    const selection = selectForImport(many);
    expect(selection.images).toBe(1000);
    expect(selection.overLimit).toBe(3);
    expect(selection.send.at(-1)?.name).toBe('0999.png');
  });
});
