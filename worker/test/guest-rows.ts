import type { Cell, SheetOptions } from "@worker/lib/xlsx/write-sheet";

// Guest lists for the import's tests, the benches and the Upload File template (scripts/make-guest-template.mjs),
// written with worker/lib/xlsx/write-sheet.ts. Plain Node imports this file by its path: it imports types only.

export const GUEST_HEADER = ["Email", "First name", "Last name", "Tags"];

/** A header and `count` guests, guest1@example.com onwards. */
export const guestRows = (count: number, prefix = "guest"): Cell[][] => [
  GUEST_HEADER,
  ...Array.from({ length: count }, (_, i) => [`${prefix}${i + 1}@example.com`, `First${i + 1}`, `Last${i + 1}`, "vip, day 1"]),
];

/** The Upload File tab's template (scripts/make-guest-template.mjs writes it to web/public/templates/). */
export const GUEST_TEMPLATE = {
  rows: [GUEST_HEADER, ["jane.doe@example.com", "Jane", "Doe", "VIP, Day 1"]] as Cell[][],
  options: { name: "Guests", header: "bold", widths: [32, 16, 16, 24] } satisfies SheetOptions,
};
