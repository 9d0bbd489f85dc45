/** Character references in attribute values, for the build checks. Pure. */
const entity = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(quot|amp|lt|gt|apos));/g;
const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const decodeOne = (whole: string, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
  if (name) return named[name]!;
  const code = hex ? parseInt(hex, 16) : Number(dec);
  return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
};
/** Character references as React and markdown-it write them (&amp; &quot; &#x27; &lt; &gt;, any numeric one). */
export const decodeEntities = (s: string) => (s.indexOf('&') < 0 ? s : s.replace(entity, decodeOne));
