import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { rsvpKeys } from "@web/lib/queries/query-keys";
import { refuse } from "@web/test/server";
import { INVITE_FILE_MAX_BYTES, INVITE_TEMPLATE_PATH, RSVP_MESSAGES, RSVP_TOASTS } from "@worker/features/rsvp/rsvp.schema";
import { REPORT_ROWS_SHOWN } from "./import-report";
import { answerUploads, EVENT_ID, openInviteGuests, type ImportReport } from "./invite.test-support";

const MB = 1024 * 1024;
const sheet = (name = "guests.xlsx", bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });

/** Three rows invited, one duplicate, one invalid (the header is row 1). */
const REPORT: ImportReport = {
  invited: 3,
  duplicates: 1,
  invalid: 1,
  rows: [
    { row: 2, email: "ana@example.com", outcome: "INVITED", reason: null },
    { row: 3, email: "bo@example.com", outcome: "INVITED", reason: null },
    { row: 4, email: "ana@example.com", outcome: "DUPLICATE", reason: "Already in this sheet (row 2)" },
    { row: 5, email: "cy@example", outcome: "INVALID", reason: "Not a valid email address" },
    { row: 6, email: "di@example.com", outcome: "INVITED", reason: null },
  ],
};
const reported = (report: ImportReport) => () => HttpResponse.json<ImportReport>(report, { status: 201 });

function openUploadTab() {
  const opened = openInviteGuests();
  fireEvent.click(screen.getByRole("tab", { name: "Upload File" }));
  return opened;
}
const choose = (file: File) => fireEvent.change(screen.getByLabelText("Guest list file"), { target: { files: [file] } });

afterEach(() => vi.restoreAllMocks());

describe("Upload File", () => {
  it("offers the template as a download from INVITE_TEMPLATE_PATH", () => {
    openUploadTab();
    const link = screen.getByRole("link", { name: "Download the template" });
    expect(link.getAttribute("href")).toBe(INVITE_TEMPLATE_PATH);
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("accepts only .xlsx in the file picker", () => {
    openUploadTab();
    expect(screen.getByLabelText<HTMLInputElement>("Guest list file").accept).toContain(".xlsx");
  });

  it("refuses a .csv with 'Please upload an Excel file (.xlsx)' without calling the server", () => {
    const received = answerUploads(reported(REPORT));
    openUploadTab();
    choose(new File(["email\nana@example.com\n"], "guests.csv", { type: "text/csv" }));
    expect(screen.getByRole("alert").textContent).toBe(RSVP_MESSAGES.notExcel);
    expect(received).toHaveLength(0);
  });

  it("refuses a 6 MB file with 'File size must be less than 5MB' without calling the server", () => {
    const received = answerUploads(reported(REPORT));
    openUploadTab();
    choose(sheet("guests.xlsx", 6 * MB));
    expect(screen.getByRole("alert").textContent).toBe(RSVP_MESSAGES.fileTooLarge);
    expect(received).toHaveLength(0);
  });

  it("refuses a file of exactly 5 MB, which is not less than 5MB", () => {
    const received = answerUploads(reported(REPORT));
    openUploadTab();
    choose(sheet("guests.xlsx", INVITE_FILE_MAX_BYTES));
    expect(screen.getByRole("alert").textContent).toBe(RSVP_MESSAGES.fileTooLarge);
    expect(received).toHaveLength(0);
  });

  it("sends the file with the event, then shows the counts and each row not invited with its reason, and says 'Invitations Sent!'", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const received = answerUploads(() => answered.then(reported(REPORT)));
    const success = vi.spyOn(toast, "success");
    const { queryClient } = openUploadTab();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    choose(sheet("Guests.XLSX"));
    expect(await screen.findByRole("status", { name: "Uploading" })).toBeTruthy();
    expect(screen.getByText("Guests.XLSX")).toBeTruthy();
    answer();
    expect(await screen.findByTestId("report-invited")).toHaveProperty("textContent", "3");
    expect(screen.getByTestId("report-duplicates").textContent).toBe("1");
    expect(screen.getByTestId("report-invalid").textContent).toBe("1");
    const rows = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["4", "ana@example.com", "Already in this sheet (row 2)"],
      ["5", "cy@example", "Not a valid email address"],
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ eventId: EVENT_ID, selfInvited: "false" });
    expect((received[0]!.file as File).name).toBe("Guests.XLSX");
    expect(success).toHaveBeenCalledWith(RSVP_TOASTS.invitationsSent);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: rsvpKeys.event(EVENT_ID) });
  });

  it("takes a file dropped on the drop zone", async () => {
    const received = answerUploads(reported(REPORT));
    openUploadTab();
    fireEvent.drop(screen.getByTestId("guest-list-drop-zone"), { dataTransfer: { files: [sheet()] } });
    expect(await screen.findByTestId("report-invited")).toBeTruthy();
    expect(received).toHaveLength(1);
  });

  it("does not say 'Invitations Sent!' when no row was invited", async () => {
    answerUploads(
      reported({
        invited: 0,
        duplicates: 0,
        invalid: 1,
        rows: [{ row: 2, email: "x", outcome: "INVALID", reason: "Not a valid email address" }],
      }),
    );
    const success = vi.spyOn(toast, "success");
    openUploadTab();
    choose(sheet());
    expect(await screen.findByText("Not a valid email address")).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
  });

  it(`shows the first ${REPORT_ROWS_SHOWN} rows not invited of a large sheet and '…and N more'`, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      row: i + 2,
      email: `guest${i}@example`,
      outcome: "INVALID" as const,
      reason: "Not a valid email address",
    }));
    answerUploads(reported({ invited: 0, duplicates: 0, invalid: rows.length, rows }));
    openUploadTab();
    choose(sheet());
    expect(await screen.findByText(`…and ${(10_000 - REPORT_ROWS_SHOWN).toLocaleString()} more`)).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(REPORT_ROWS_SHOWN + 1);
  });

  it("shows the server's reason when it refuses the file", async () => {
    answerUploads(() => refuse(400, RSVP_MESSAGES.notExcel));
    openUploadTab();
    choose(sheet("renamed.xlsx"));
    expect((await screen.findByRole("alert")).textContent).toBe(RSVP_MESSAGES.notExcel);
  });

  it("closes on Done after the report", async () => {
    answerUploads(reported(REPORT));
    const { onClose } = openUploadTab();
    choose(sheet());
    fireEvent.click(await screen.findByRole("button", { name: "Done" }));
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps the report when switching to 'Invite by Email' and back", async () => {
    answerUploads(reported(REPORT));
    openUploadTab();
    choose(sheet());
    await screen.findByTestId("report-invited");
    fireEvent.click(screen.getByRole("tab", { name: "Invite by Email" }));
    fireEvent.click(screen.getByRole("tab", { name: "Upload File" }));
    expect(screen.getByTestId("report-invited").textContent).toBe("3");
  });
});

describe("Invite Guests tabs", () => {
  it("moves between tabs with the arrow keys, Home and End, focusing the selected tab", () => {
    openInviteGuests();
    const email = screen.getByRole("tab", { name: "Invite by Email" });
    const file = screen.getByRole("tab", { name: "Upload File" });
    fireEvent.keyDown(email, { key: "ArrowRight" });
    expect(file.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(file);
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(file.id);
    fireEvent.keyDown(file, { key: "ArrowRight" });
    expect(document.activeElement).toBe(email);
    fireEvent.keyDown(email, { key: "End" });
    expect(document.activeElement).toBe(file);
    fireEvent.keyDown(file, { key: "Home" });
    expect(email.getAttribute("aria-selected")).toBe("true");
    expect(email.tabIndex).toBe(0);
    expect(file.tabIndex).toBe(-1);
  });

  it("renders nothing while closed", () => {
    openInviteGuests({ open: false });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
