/** An uploaded image's file name made safe: lower case letters, digits, "-" and "_", with an image extension; null if none fits. Pure. */
const IMAGE_EXT = /\.(png|jpe?g|webp|avif|gif)$/i;

export function imageName(name: unknown): string | null {
  if (typeof name !== 'string') return null;
  const ext = IMAGE_EXT.exec(name)?.[0]?.toLowerCase();
  if (!ext) return null;
  const stem = name
    .slice(0, -ext.length)
    .split(/[\\/]/)
    .pop()!
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return stem ? `${stem}${ext}` : null;
}
