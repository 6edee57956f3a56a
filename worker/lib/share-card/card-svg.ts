// The share card: a 1200x630 picture (the 1.91:1 that Slack, WhatsApp, iMessage, X, Facebook, LinkedIn and Discord
// show whole) with the app's mark, a title and one line under it. Drawn by resvg with the bundled Inter Bold and, for
// other scripts, the fonts of script-fonts.ts; resvg wraps no text: the title is wrapped here, by widths that err on
// the wide side. A right-to-left title is set from the right margin.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The app's own card, made by the build (scripts/app-images.mjs): what a private experience's link shows. */
export const DEFAULT_CARD = {
  path: "/og-default.png",
  title: "Experiences",
  detail: /*i18n*/ "Itineraries, guests and live updates for multi-day events",
};

const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const MAX_LINES = 3;

/** The mark of web/public/favicon.svg, white on the card. */
const MARK = '<rect width="64" height="64" rx="14" fill="#fff"/><path d="M18 44V20h28v6H25v4h17v6H25v2h21v6z" fill="#4f46e5"/>';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** A character's advance in Inter Bold, in ems, rounded up by class. */
function advance(ch: string): number {
  if (ch === " ") return 0.26;
  if ("iljI.,:;'!|".includes(ch)) return 0.3;
  if ("ftr()[]-".includes(ch)) return 0.42;
  if ("mwMW@%".includes(ch)) return 0.92;
  if (/[A-Z]/.test(ch)) return 0.72;
  if (/[a-z0-9]/.test(ch)) return 0.62;
  // Wide scripts (CJK and beyond) take a full em; other letters and signs about as much as a capital.
  return ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.72;
}

const textWidth = (text: string, size: number) => [...text].reduce((sum, ch) => sum + advance(ch), 0) * size;

/** The words in lines at most `width` wide; a word longer than a line is cut where it must be. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (textWidth(joined, size) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    for (const ch of word) {
      if (textWidth(line + ch, size) > width) {
        lines.push(line);
        line = "";
      }
      line += ch;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The title in at most three lines, as large as it fits: an ellipsis ends what does not. */
function titleLines(title: string): { lines: string[]; size: number } {
  for (const size of [80, 68, 56]) {
    const lines = wrap(title, size, TEXT_WIDTH);
    if (lines.length <= MAX_LINES) return { lines, size };
  }
  const size = 56;
  const lines = wrap(title, size, TEXT_WIDTH).slice(0, MAX_LINES);
  let last = lines[MAX_LINES - 1]!;
  while (last && textWidth(`${last}…`, size) > TEXT_WIDTH) last = [...last].slice(0, -1).join("");
  lines[MAX_LINES - 1] = `${last.trimEnd()}…`;
  return { lines, size };
}

/** A text that starts right to left (its first strong letter is Arabic or Hebrew) is set from the card's right edge. */
const rightToLeft = (text: string) => /^[^\p{L}]*[\p{Script=Arabic}\p{Script=Hebrew}]/u.test(text);

/** Where a line starts, by its direction: the left margin, or the right one with the text running leftwards. */
const lineStart = (text: string) => (rightToLeft(text) ? `x="${CARD_WIDTH - MARGIN}" text-anchor="end" direction="rtl"` : `x="${MARGIN}"`);

/** The card as an SVG document: the title (an experience's name) and the line under it (its dates). */
export function shareCardSvg(title: string, detail: string): string {
  const { lines, size } = titleLines(title.trim() || "Experiences");
  const lineHeight = Math.round(size * 1.15);
  const detailSize = 36;
  const detailLine = textWidth(detail, detailSize) > TEXT_WIDTH ? wrap(detail, detailSize, TEXT_WIDTH)[0]! : detail;
  const start = lineStart(title.trim());
  const spans = lines.map((line, i) => `<tspan ${start} y="${250 + size * 0.8 + i * lineHeight}">${escapeXml(line)}</tspan>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#1e1b4b"/></linearGradient></defs>',
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>`,
    `<g transform="translate(${MARGIN} 72)">${MARK}</g>`,
    `<text x="${MARGIN + 88}" y="117" font-family="Inter" font-weight="700" font-size="36" fill="#e0e7ff">Experiences</text>`,
    `<text font-family="Inter" font-weight="700" font-size="${size}" fill="#fff">${spans.join("")}</text>`,
    `<text ${lineStart(detailLine)} y="${CARD_HEIGHT - 72}" font-family="Inter" font-weight="700" font-size="${detailSize}" fill="#c7d2fe">${escapeXml(detailLine)}</text>`,
    "</svg>",
  ].join("");
}
