import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { rsvps, events, type RsvpStatus } from "@worker/db/schema";
import { RSVP_STATUS_VALUES } from "@worker/shared/views.schema";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { form, PNG, postChunked } from "@worker/test/files";
import { addGuest, addHost, call, db, makeEvent, makeUser } from "@worker/test/helpers";
import { invite, remind, storedRsvp } from "@worker/test/rsvp";
import { docxBytes, GUEST_HEADER, GUEST_TEMPLATE, guestRows, xlsxBytes, xlsxFile, zipBombFile } from "@worker/test/xlsx";
import { GUEST_SHEET_MESSAGES } from "./guest-sheet";
import { IMPORT_REASONS, importInvitees } from "./import-invitees.service";
import { REMINDER_INTERVAL_MS } from "./reminders.service";
import { INVITE_FILE_MAX_BYTES, INVITE_FILE_MAX_ROWS, RSVP_MESSAGES } from "./rsvp.schema";

const upload = (token: string, eventId: string, file: File) =>
  apiAs(token).api.rsvp.upload.$post({ form: { file, eventId, selfInvited: "false" } });

async function organiser() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  return { owner, event };
}

const storedRsvps = (eventId: string) => db().select().from(rsvps).where(eq(rsvps.eventId, eventId));

describe("POST /api/rsvp/upload", () => {
  it("answers 201 with one report row per data row and invites every valid guest with the sheet's name and tags", async () => {
    const { owner, event } = await organiser();
    const file = xlsxFile([
      GUEST_HEADER,
      ["Ana@Example.com", "Ana", "Silva", "vip; day 1, vip"],
      ["ben@example.com", null, null, null],
      [" ", "No", "Mail", null],
      ["not-an-address", "Bad", null, null],
    ]);
    const response = await upload(owner.token, event.id, file);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      invited: 2,
      duplicates: 0,
      invalid: 2,
      rows: [
        { row: 2, email: "Ana@Example.com", outcome: "INVITED", reason: null },
        { row: 3, email: "ben@example.com", outcome: "INVITED", reason: null },
        { row: 4, email: "", outcome: "INVALID", reason: IMPORT_REASONS.missingEmail },
        { row: 5, email: "not-an-address", outcome: "INVALID", reason: IMPORT_REASONS.invalidEmail },
      ],
    });
    const stored = await storedRsvps(event.id);
    expect(stored.map((r) => [r.email, r.status, r.firstName, r.lastName, r.tags]).sort()).toEqual([
      ["ana@example.com", "REQUESTED", "Ana", "Silva", ["vip", "day 1"]],
      ["ben@example.com", "REQUESTED", "", "", []],
    ]);
    expect(await mailsTo("ana@example.com")).toHaveLength(1);
  });

  it("reads the Upload File template (its header and example row) as one guest to invite", async () => {
    const { owner, event } = await organiser();
    const response = await upload(owner.token, event.id, xlsxFile(GUEST_TEMPLATE.rows, GUEST_TEMPLATE.options));
    expect((await response.json()).rows).toEqual([{ row: 2, email: "jane.doe@example.com", outcome: "INVITED", reason: null }]);
    const [stored] = await storedRsvps(event.id);
    expect([stored!.firstName, stored!.lastName, stored!.tags]).toEqual(["Jane", "Doe", ["VIP", "Day 1"]]);
  });

  it("reads inline strings, numbers and columns in any order, with headers such as 'E-mail address' in any case", async () => {
    const { owner, event } = await organiser();
    const file = xlsxFile(
      [
        ["TAGS", "Surname", "E-mail Address", "given name"],
        [42, "Lee", "kim@example.com", "Kim"],
      ],
      { strings: "inline" },
    );
    const response = await upload(owner.token, event.id, file);
    expect(response.status).toBe(201);
    expect((await response.json()).rows).toEqual([{ row: 2, email: "kim@example.com", outcome: "INVITED", reason: null }]);
    const [stored] = await storedRsvps(event.id);
    expect([stored!.firstName, stored!.lastName, stored!.tags]).toEqual(["Kim", "Lee", ["42"]]);
  });

  it("reports an address repeated in the sheet, in any case, as DUPLICATE naming the first row, and invites it once", async () => {
    const { owner, event } = await organiser();
    const response = await upload(owner.token, event.id, xlsxFile([GUEST_HEADER, ["sam@example.com"], ["SAM@example.com"]]));
    expect((await response.json()).rows).toEqual([
      { row: 2, email: "sam@example.com", outcome: "INVITED", reason: null },
      { row: 3, email: "SAM@example.com", outcome: "DUPLICATE", reason: IMPORT_REASONS.repeated(2) },
    ]);
    expect(await mailsTo("sam@example.com")).toHaveLength(1);
  });

  it("reports people already invited, already guests, or organisers as DUPLICATE 'Already invited to this experience' and mails them nothing", async () => {
    const { owner, event } = await organiser();
    const [guest, host] = await Promise.all([makeUser(), makeUser()]);
    await addGuest(event.id, guest);
    await addHost(event.id, host.id);
    await upload(owner.token, event.id, xlsxFile([GUEST_HEADER, ["first@example.com"]]));
    const response = await upload(
      host.token,
      event.id,
      xlsxFile([GUEST_HEADER, ["first@example.com"], [guest.email], [owner.email], ["new@example.com"]]),
    );
    expect(response.status).toBe(201);
    const report = await response.json();
    expect(report.rows.map((r) => [r.email, r.outcome, r.reason])).toEqual([
      ["first@example.com", "DUPLICATE", IMPORT_REASONS.alreadyInvited],
      [guest.email, "DUPLICATE", IMPORT_REASONS.alreadyInvited],
      [owner.email, "DUPLICATE", IMPORT_REASONS.alreadyInvited],
      ["new@example.com", "INVITED", null],
    ]);
    expect([report.invited, report.duplicates, report.invalid]).toEqual([1, 3, 0]);
    expect(await mailsTo("first@example.com")).toHaveLength(1);
    expect(await mailsTo(guest.email)).toHaveLength(0);
  });

  it.each([
    ["a CSV renamed .xlsx", new File(["Email\nana@example.com\n"], "guests.xlsx")],
    ["a PNG", new File([PNG], "guests.xlsx")],
    ["a .docx (a zip without a worksheet)", new File([docxBytes()], "guests.xlsx")],
    ["a zip cut short", new File([xlsxBytes(guestRows(50)).slice(0, 2000)], "guests.xlsx")],
    ["an empty file", new File([], "guests.xlsx")],
  ])("answers 400 'Please upload an Excel file (.xlsx)' for %s, by its bytes, and invites nobody", async (_, file) => {
    const { owner, event } = await organiser();
    const response = await upload(owner.token, event.id, file);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.notExcel);
    expect(await storedRsvps(event.id)).toHaveLength(0);
  });

  it("answers 413 'File size must be less than 5MB' for a file over 5 MB, before reading it", async () => {
    const { owner, event } = await organiser();
    const response = await upload(owner.token, event.id, new File([new Uint8Array(INVITE_FILE_MAX_BYTES + 1)], "guests.xlsx"));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.fileTooLarge);
  });

  it("answers 413 'File size must be less than 5MB' for a file of exactly 5 MB (5,242,880 bytes), as the web refuses it", async () => {
    const { owner, event } = await organiser();
    const response = await upload(owner.token, event.id, new File([new Uint8Array(INVITE_FILE_MAX_BYTES)], "guests.xlsx"));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.fileTooLarge);
  });

  it("answers 413 'File size must be less than 5MB' to a stranger posting 6 MB, by its length, before the form or the role is read", async () => {
    const { event } = await organiser();
    const stranger = await makeUser();
    const response = await upload(stranger.token, event.id, new File([new Uint8Array(6 * 1024 * 1024)], "guests.xlsx"));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.fileTooLarge);
  });

  it("answers 413 to 6 MB sent without a Content-Length (chunked), stopping as the bytes read cross the limit", async () => {
    const { event } = await organiser();
    const stranger = await makeUser();
    const file = new File([new Uint8Array(6 * 1024 * 1024)], "guests.xlsx");
    const response = await postChunked("/api/rsvp/upload", stranger.token, { eventId: event.id, file });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.fileTooLarge);
  });

  it("answers 400 naming the cap for a small file nesting 300,000 elements, and invites nobody", async () => {
    const { owner, event } = await organiser();
    const nested = zipSync({ "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${"<a>".repeat(300_000)}`) }, { level: 9 });
    const response = await upload(owner.token, event.id, new File([nested], "guests.xlsx"));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("The file nests elements more than 32 deep; it was not read");
    expect(await storedRsvps(event.id)).toHaveLength(0);
  });

  it("refuses a zip bomb (200 MB of sheet in a small file) with 400 at the inflated-size cap, and the next upload still works", async () => {
    const { owner, event } = await organiser();
    const bomb = zipBombFile(200);
    expect(bomb.size).toBeLessThan(1024 * 1024);
    const response = await upload(owner.token, event.id, bomb);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("The file unpacks to far more data than a guest list holds; it was not read");
    const next = await upload(owner.token, event.id, xlsxFile([GUEST_HEADER, ["after@example.com"]]));
    expect(next.status).toBe(201);
  }, 30_000);

  it(`accepts ${INVITE_FILE_MAX_ROWS} guest rows and refuses ${INVITE_FILE_MAX_ROWS + 1} with a message naming the cap`, async () => {
    const { owner, event } = await organiser();
    const over = await upload(owner.token, event.id, xlsxFile(guestRows(INVITE_FILE_MAX_ROWS + 1)));
    expect(over.status).toBe(400);
    expect(await errorOf(over)).toBe(GUEST_SHEET_MESSAGES.tooManyRows);
    expect(GUEST_SHEET_MESSAGES.tooManyRows).toContain("10,000");
    expect(await storedRsvps(event.id)).toHaveLength(0);

    // A sheet this size is past the default daily quota of invitation e-mails: it is refused whole, with 429.
    const unsent = await upload(owner.token, event.id, xlsxFile(guestRows(INVITE_FILE_MAX_ROWS)));
    expect(unsent.status).toBe(429);
    expect(await storedRsvps(event.id)).toHaveLength(0);

    const raised = { ...env, INVITATIONS_PER_DAY: String(INVITE_FILE_MAX_ROWS) };
    const report = await importInvitees(raised, db(), owner.id, event.id, xlsxFile(guestRows(INVITE_FILE_MAX_ROWS)));
    expect([report.invited, report.rows.length, report.rows.at(-1)]).toEqual([
      INVITE_FILE_MAX_ROWS,
      INVITE_FILE_MAX_ROWS,
      { row: INVITE_FILE_MAX_ROWS + 1, email: `guest${INVITE_FILE_MAX_ROWS}@example.com`, outcome: "INVITED", reason: null },
    ]);
  }, 60_000);

  it.each([
    [
      "no Email column",
      [
        ["Name", "Phone"],
        ["Ana", "123"],
      ],
      GUEST_SHEET_MESSAGES.noEmailColumn,
    ],
    ["a header and no guests", [GUEST_HEADER], GUEST_SHEET_MESSAGES.noGuests],
  ])("answers 400 for a sheet with %s", async (_, rows, message) => {
    const { owner, event } = await organiser();
    const response = await upload(owner.token, event.id, xlsxFile(rows));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  it.each(["guest", "stranger"] as const)("answers a %s 403 before reading the file (not an .xlsx would be 400)", async (who) => {
    const { event } = await organiser();
    const person = await makeUser();
    if (who === "guest") await addGuest(event.id, person);
    const response = await upload(person.token, event.id, new File(["not a spreadsheet"], "guests.xlsx"));
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe("You do not have permission to do this");
  });

  it("answers 404 'Event not found' to a stranger uploading to a private experience", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const stranger = await makeUser();
    const response = await upload(stranger.token, event.id, xlsxFile(guestRows(1)));
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });

  it("answers 400 when the form has no file", async () => {
    const { owner, event } = await organiser();
    const response = await call("/api/rsvp/upload", { method: "POST", token: owner.token, body: form({ eventId: event.id }) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.notExcel);
  });
});

const PENDING: RsvpStatus[] = ["REQUESTED", "ONBOARD_REQUESTED"];
const HOUR = 60 * 60 * 1000;

const invitedAgo = (eventId: string, ms: number) =>
  db()
    .update(rsvps)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(rsvps.eventId, eventId));

/** An experience with one guest in every RSVP status, and an invitation still waiting for its account. */
async function experience(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const [owner, host] = await Promise.all([makeUser({ firstName: "Olga" }), makeUser({ firstName: "Hana", lastName: "Hill" })]);
  const event = await makeEvent(owner.id, { name: "Alps Retreat", privacy });
  await addHost(event.id, host.id);
  const guests = await Promise.all(RSVP_STATUS_VALUES.map(() => makeUser()));
  await Promise.all(RSVP_STATUS_VALUES.map((status, i) => addGuest(event.id, guests[i]!, status)));
  const invitee = uniqueEmail("invitee");
  await invite(owner.token, event.id, [invitee]);
  // Invited two hours ago: reminders wait an hour after an invitation.
  await invitedAgo(event.id, 2 * HOUR);
  const guestIn = (status: RsvpStatus) => guests[RSVP_STATUS_VALUES.indexOf(status)]!;
  return { owner, host, event, guestIn, invitee };
}

describe("POST /api/rsvp/request/:eventId (send reminder)", () => {
  it("mails a reminder to every pending invitation (REQUESTED, ONBOARD_REQUESTED) and to no one else", async () => {
    const { host, event, guestIn, invitee } = await experience();

    const response = await remind(host.token, event.id);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reminded: 3, unreachable: [] });
    for (const status of PENDING) {
      const mails = await mailsTo(guestIn(status).email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Reminder: Hana Hill invited you to “Alps Retreat”");
      expect(mails[0]!.text).toContain("Hana Hill is waiting for your answer to the invitation to Alps Retreat.");
      expect(mails[0]!.text).toContain(`${env.APP_ORIGIN}/itinerary/${event.id}?invitation=`);
      expect((await storedRsvp(event.id, guestIn(status).id))?.remindedAt).toBeInstanceOf(Date);
    }
    const [reminder] = await mailsTo(invitee);
    expect(reminder!.subject).toBe("Reminder: Hana Hill invited you to “Alps Retreat”");
    expect(reminder!.text).toContain("your name and a code we e-mail you are all it takes");
    for (const status of RSVP_STATUS_VALUES.filter((s) => !PENDING.includes(s))) {
      expect(await mailsTo(guestIn(status).email), status).toEqual([]);
    }
  });

  it("answers a second reminder the same day 429 'Reminders were already sent today', whoever clicks, and reminds again a day later", async () => {
    const { owner, host, event, guestIn } = await experience();
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 3, unreachable: [] });

    const again = await remind(host.token, event.id);
    expect([again.status, await errorOf(again)]).toEqual([429, "Reminders were already sent today"]);
    expect(await mailsTo(guestIn("REQUESTED").email)).toHaveLength(1);

    await db()
      .update(events)
      .set({ remindedAt: new Date(Date.now() - REMINDER_INTERVAL_MS - 1000) })
      .where(eq(events.id, event.id));
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 3, unreachable: [] });
    expect(await mailsTo(guestIn("REQUESTED").email)).toHaveLength(2);
  });

  it("of clicks landing at once, one reminds each guest once and the others are told 'Reminders were already sent today'", async () => {
    const { owner, host, event, guestIn } = await experience();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => remind((i % 2 ? host : owner).token, event.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await answers.find((a) => a.status === 200)!.json()).toEqual({ reminded: 3, unreachable: [] });
    for (const status of PENDING) expect(await mailsTo(guestIn(status).email)).toHaveLength(1);
  });

  it("never reminds someone invited less than an hour ago, says so (TOO_RECENT), and such a click does not use up the day", async () => {
    const { owner, event, guestIn } = await experience();
    await invitedAgo(event.id, 30 * 60 * 1000);
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 0, unreachable: [], nobody: "TOO_RECENT" });
    expect(await mailsTo(guestIn("REQUESTED").email)).toEqual([]);
    await invitedAgo(event.id, 61 * 60 * 1000);
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 3, unreachable: [] });
  });

  it("answers { reminded: 0, nobody: NONE_PENDING } when no invitation is pending", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const response = await remind(owner.token, event.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reminded: 0, unreachable: [], nobody: "NONE_PENDING" });
  });

  it.each([
    ["an attending guest", "PUBLIC", 403, "You do not have permission to do this"],
    ["an attending guest", "PRIVATE", 403, "You do not have permission to do this"],
    ["a stranger", "PUBLIC", 403, "You do not have permission to do this"],
    ["a stranger", "PRIVATE", 404, "Event not found"],
  ] as const)("answers %s of a %s experience %i '%s' and mails no one", async (who, privacy, status, error) => {
    const { event, guestIn } = await experience(privacy);
    const caller = who === "a stranger" ? await makeUser() : guestIn("YES");
    const response = await remind(caller.token, event.id);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(error);
    expect(await mailsTo(guestIn("REQUESTED").email)).toEqual([]);
    expect((await storedRsvp(event.id, guestIn("REQUESTED").id))?.remindedAt).toBeNull();
  });
});
