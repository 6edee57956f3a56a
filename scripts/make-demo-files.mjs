// node scripts/make-demo-files.mjs: writes the demo experience's pictures and documents (web/public/demo/*.jpg, *.pdf),
// which the seed posts in the feed, the bulletin and the Documents tab. They are drawn and written here (no stock
// photos, nothing to license) and committed; run this again only to change them. DEMO_FILES in
// worker/features/dev/seed-files.ts names the same files and sizes.
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { pdfWithLines } from "../worker/test/pdf.ts";

const WIDTH = 960;
const HEIGHT = 720;

const sky = (id, top, bottom) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** A yellow tram climbing a street of tiled houses. */
const tram = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>${sky("a", "#7dd3fc", "#e0f2fe")}</defs>
  <rect width="960" height="720" fill="url(#a)"/>
  <path d="M0 260 L180 230 V720 H0Z" fill="#f1c27d"/><path d="M180 230 L400 270 V720 H180Z" fill="#5b8fb9"/>
  <path d="M620 250 L800 220 V720 H620Z" fill="#e8a0a0"/><path d="M800 220 L960 250 V720 H800Z" fill="#f5e6c8"/>
  <g fill="#1e293b" opacity=".55">
    <rect x="40" y="300" width="50" height="80"/><rect x="110" y="300" width="50" height="80"/>
    <rect x="220" y="320" width="50" height="80"/><rect x="310" y="330" width="50" height="80"/>
    <rect x="660" y="300" width="50" height="80"/><rect x="840" y="300" width="50" height="80"/>
  </g>
  <path d="M0 720 L400 470 H560 L960 720Z" fill="#9ca3af"/>
  <path d="M430 470 L300 720 M530 470 L660 720" stroke="#475569" stroke-width="6"/>
  <rect x="360" y="330" width="240" height="250" rx="26" fill="#facc15"/>
  <rect x="360" y="520" width="240" height="60" rx="10" fill="#b45309"/>
  <g fill="#e0f2fe" stroke="#78350f" stroke-width="6"><rect x="385" y="360" width="55" height="80" rx="6"/>
  <rect x="452" y="360" width="55" height="80" rx="6"/><rect x="519" y="360" width="55" height="80" rx="6"/></g>
  <path d="M480 330 L480 250 L560 200" stroke="#1e293b" stroke-width="6" fill="none"/>
  <rect x="450" y="470" width="60" height="26" rx="4" fill="#fff"/><text x="480" y="490" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="#1e293b">28</text>
  <circle cx="400" cy="590" r="18" fill="#1e293b"/><circle cx="560" cy="590" r="18" fill="#1e293b"/>
</svg>`;

/** The sun going down over the river, with the bridge. */
const sunset = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>${sky("a", "#fb923c", "#fde68a")}${sky("w", "#1d4ed8", "#0f172a")}</defs>
  <rect width="960" height="720" fill="url(#a)"/>
  <circle cx="640" cy="380" r="90" fill="#fff7ed" opacity=".9"/>
  <path d="M0 430 L140 400 L260 420 L380 380 L520 410 L700 370 L860 400 L960 390 V460 H0Z" fill="#7c2d12" opacity=".6"/>
  <rect y="450" width="960" height="270" fill="url(#w)"/>
  <g fill="#fdba74" opacity=".55"><rect x="560" y="480" width="160" height="5"/><rect x="590" y="520" width="110" height="5"/><rect x="610" y="560" width="70" height="5"/></g>
  <path d="M0 330 H960" stroke="#991b1b" stroke-width="14"/>
  <path d="M220 330 V450 M740 330 V450" stroke="#991b1b" stroke-width="26"/>
  <path d="M220 150 V330 M740 150 V330" stroke="#991b1b" stroke-width="18"/>
  <path d="M0 330 Q220 120 480 330 Q740 120 960 330" stroke="#991b1b" stroke-width="6" fill="none"/>
  <path d="M150 600 l90 0 l-20 25 h-55z" fill="#0f172a"/><path d="M195 600 V540 L235 590Z" fill="#f8fafc"/>
</svg>`;

/** Blue and white azulejo tiles. */
const tile = (x, y) => `<g transform="translate(${x} ${y})"><rect width="120" height="120" fill="#f8fafc"/>
  <circle cx="60" cy="60" r="34" fill="none" stroke="#1d4ed8" stroke-width="8"/><circle cx="60" cy="60" r="10" fill="#1d4ed8"/>
  <path d="M0 0 Q30 30 0 60 M120 0 Q90 30 120 60 M0 120 Q30 90 0 60 M120 120 Q90 90 120 60" stroke="#1e40af" stroke-width="6" fill="none"/>
  <path d="M60 0 L70 16 L60 26 L50 16Z M60 120 L70 104 L60 94 L50 104Z" fill="#1e3a8a"/></g>`;
const tiles = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  ${Array.from({ length: 8 * 6 }, (_, i) => tile((i % 8) * 120, Math.floor(i / 8) * 120)).join("")}
  <g stroke="#cbd5e1" stroke-width="3">${Array.from({ length: 9 }, (_, i) => `<path d="M${i * 120} 0 V720"/>`).join("")}
  ${Array.from({ length: 7 }, (_, i) => `<path d="M0 ${i * 120} H960"/>`).join("")}</g>
</svg>`;

const write = (name, bytes) => {
  const target = new URL(`../web/public/demo/${name}`, import.meta.url);
  writeFileSync(target, bytes);
  console.log(`Wrote ${target.pathname} (${bytes.length} bytes)`);
};

for (const [name, svg] of Object.entries({ tram, sunset, tiles })) {
  write(`${name}.jpg`, await sharp(Buffer.from(svg)).jpeg({ quality: 72, mozjpeg: true }).toBuffer());
}

write(
  "welcome-pack.pdf",
  pdfWithLines([
    [
      "Lisbon Leadership Retreat: welcome pack",
      "",
      "Hotel: Avenida Palace, Rua 1 de Dezembro 123, Lisbon. Check-in from 15:00.",
      "Emergency contact: Dana Demo, +351 900 000 000 (all hours).",
      "Dress code: smart casual; comfortable shoes for Sintra.",
      "Wi-Fi at LX Factory: network 'Retreat', password on your badge.",
    ],
    ["Getting around", "", "Tram 28 stops 200 m from the hotel. Shuttles leave the lobby for every activity."],
  ]),
);
write(
  "e-ticket.pdf",
  pdfWithLines([
    [
      "E-ticket: TP 1351",
      "Passenger: Grace Guest",
      "London Heathrow (LHR) to Lisbon (LIS)",
      "Seat 14C, 1 checked bag. Booking reference QX7P2L.",
    ],
  ]),
);
