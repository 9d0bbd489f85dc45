import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describeBytes, uploadedImageError } from '../../../generator/editor/uploadedImage.ts';

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif') => sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } }).toFormat(format).toBuffer();

describe('uploadedImageError', () => {
  it('takes an image whose bytes are of the type its name says', async () => {
    expect(await uploadedImageError('a.png', await image('png'))).toBeNull();
    expect(await uploadedImageError('a.jpg', await image('jpeg'))).toBeNull();
    expect(await uploadedImageError('a.webp', await image('webp'))).toBeNull();
    expect(await uploadedImageError('a.gif', await image('gif'))).toBeNull();
  });

  it('refuses text, another type, a cut-off file and any SVG, whatever the name', async () => {
    const png = await image('png');
    const code = async (name: string, bytes: Buffer) => (await uploadedImageError(name, bytes))?.code;
    expect((await uploadedImageError('a.png', Buffer.from('hello\n')))?.message).toBe('a.png is named as a PNG image, but its bytes are text: it was not uploaded.');
    expect((await uploadedImageError('a.png', await image('jpeg')))?.message).toContain('but its bytes are a JPEG image');
    expect(await code('a.png', png.subarray(0, png.length - 20))).toBe('EditorImageUnreadable');
    expect(await code('a.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('EditorImageSvg');
    expect(await code('a.svg', png)).toBe('EditorImageName');
  });

  it('tells text from data', () => {
    expect(describeBytes(Buffer.from('plain words'))).toBe('text');
    expect(describeBytes(Buffer.from('<?xml version="1.0"?><svg/>'))).toBe('an SVG drawing');
    expect(describeBytes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))).toBe('not image data');
  });
});
