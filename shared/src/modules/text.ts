// Accent- and case-insensitive search keys: "Zürich" and "zurich" meet at "zurich". Letters that
// Unicode does not decompose (ø, ł, æ…) get their usual ASCII spelling.
const EXTRA: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function foldSearchText(s: string): string {
  // Most names are plain ASCII (a place's other names: hundreds of thousands at each load).
  if (/^[\x20-\x7e]*$/.test(s)) return s.toLowerCase().replace(/\s+/g, ' ').trim();
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => EXTRA[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}
