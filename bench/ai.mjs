// The AI itinerary measures of npm run bench: a 20-page agenda (10 days of 2 pages) read and turned into days by
// the offline generator, in Node, and the same agenda sent through POST /api/events with isAIMode next to the same
// creation without AI, in the same run, against the same Worker. Figures, not assertions.
import "./worker-imports.mjs";

const { offlineItinerary } = await import("../worker/features/ai/generators/offline-generator.ts");
const { readPdfText, PDF_TEXT_CAPS } = await import("../worker/features/ai/agenda/pdf-text.ts");
const { pdfWithLines } = await import("../worker/test/pdf.ts");

const PAGES = 20;
const DAYS = PAGES / 2;
const TIMED_LINES_PER_PAGE = 20;
const NODE_RUNS = 20;
const WORKER_RUNS = 10;
const WARM_UP = 2;
const DAY_MS = 86_400_000;

const PLACES = [
  "National Tile Museum",
  "Belém Tower",
  "LX Factory",
  "Alfama",
  "Time Out Market",
  "Gulbenkian Museum",
  "Sintra",
  "Cascais marina",
];
const hhmm = (minutes) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A day's two pages: a heading, notes without times (kept in the day's description), and 40 timed lines in 24 h and 12 h forms. */
function dayPages(day) {
  const lines = (page) =>
    Array.from({ length: TIMED_LINES_PER_PAGE }, (_, i) => {
      const start = 7 * 60 + (page * TIMED_LINES_PER_PAGE + i) * 20;
      const place = PLACES[(day + i) % PLACES.length];
      return i % 3 === 2
        ? `${((Math.floor(start / 60) + 11) % 12) + 1}:${String(start % 60).padStart(2, "0")} ${start < 720 ? "am" : "pm"} Coffee with the group`
        : `${hhmm(start)} - ${hhmm(start + 15)} Session ${page * TIMED_LINES_PER_PAGE + i + 1}, ${place}`;
    });
  return [
    [`Day ${day + 1}`, "Dress code: smart casual. Bring your badge.", ...lines(0), "Free time before dinner."],
    ["Transport from the hotel lobby, every 30 minutes.", ...lines(1), "Buses return to the hotel."],
  ];
}

export const agendaPdf = () => pdfWithLines(Array.from({ length: DAYS }, (_, day) => dayPages(day)).flat());

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

async function timed(runs, work) {
  for (let i = 0; i < WARM_UP; i++) await work();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { median: median(samples), max: Math.max(...samples) };
}

/** Creates an experience of the agenda's days, with or without the agenda; answers its id. */
async function create({ url, auth, start }, withAgenda, bytes) {
  const form = new FormData();
  const fields = {
    name: "Bench agenda",
    startIsoTime: new Date(start).toISOString(),
    endIsoTime: new Date(start + DAYS * DAY_MS).toISOString(),
    privacy: "PUBLIC",
    rsvpType: "OPEN",
    isAIMode: String(withAgenda),
  };
  Object.entries(fields).forEach(([name, value]) => form.append(name, value));
  if (withAgenda) form.append("file", new File([bytes], "agenda.pdf", { type: "application/pdf" }));
  const response = await fetch(`${url}/api/events`, { method: "POST", body: form, headers: auth });
  if (response.status !== 201) throw new Error(`POST /api/events (isAIMode=${withAgenda}): ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

export async function aiFigures({ url, auth, start }) {
  const bytes = agendaPdf();
  const startDate = new Date(start).toISOString().slice(0, 10);
  const { text, pages, truncated } = await readPdfText(bytes);
  const itinerary = offlineItinerary({ prompt: "", startDate, days: DAYS, documentText: text, language: "en" });
  const generated = {
    pages,
    truncated,
    characters: text.length,
    days: itinerary.filter((day) => day.activities.length > 0).length,
    activities: itinerary.reduce((n, day) => n + day.activities.length, 0),
  };

  const read = await timed(NODE_RUNS, () => readPdfText(bytes));
  const generate = await timed(NODE_RUNS, () =>
    offlineItinerary({ prompt: "", startDate, days: DAYS, documentText: text, language: "en" }),
  );

  const worker = { url, auth, start };
  const plain = await timed(WORKER_RUNS, () => create(worker, false, bytes));
  const withAgenda = await timed(WORKER_RUNS, () => create(worker, true, bytes));
  // What the route wrote, read back once: the figures are only worth something if the itinerary is whole.
  const id = await create(worker, true, bytes);
  const event = await (await fetch(`${url}/api/events/${id}`, { headers: auth })).json();
  const stored = event.programs.reduce((n, program) => n + program.activities.length, 0);

  return { kb: bytes.byteLength / 1024, generated, stored, read, generate, plain, withAgenda };
}

const ms = ({ median, max }) => `median ${median.toFixed(1)} ms   max ${max.toFixed(1)} ms`;

export const aiReport = ({ kb, generated, stored, read, generate, plain, withAgenda }) => `
AI itinerary, offline generator: a ${generated.pages}-page agenda (${kb.toFixed(0)} KB, ${generated.characters.toLocaleString("en-US")} characters${generated.truncated ? ", truncated at the caps" : ""}; caps ${PDF_TEXT_CAPS.pages} pages, ${PDF_TEXT_CAPS.characters.toLocaleString("en-US")} characters) into ${generated.days} days, ${generated.activities} activities
  in Node   PDF text (unpdf)                ${ms(read)}
            days from the text              ${ms(generate)}
  Worker    POST /api/events without AI     ${ms(plain)}   (baseline: the event and its empty days)
            POST /api/events with the PDF   ${ms(withAgenda)}   ratio ${(withAgenda.median / plain.median).toFixed(2)} to the baseline; ${stored} activities stored
`;
