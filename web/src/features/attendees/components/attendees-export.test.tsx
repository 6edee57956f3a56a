import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "@web/lib/session";
import { catchDownloads } from "@web/test/downloads";
import { refuse, server } from "@web/test/server";
import { anAttendee, attendeeList, LIST, renderTab, search } from "../attendees.test-support";

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const ana = anAttendee({}, { firstName: "Ana", lastName: "Lima" });

const choose = async (item: string) => {
  fireEvent.click(await screen.findByRole("button", { name: "Export attendees" }));
  fireEvent.click(screen.getByRole("menuitem", { name: item }));
};

describe("the Attendees tab's Export menu", () => {
  it("downloads the group and search shown as 'Excel (.xlsx)', under the name the server gives", async () => {
    attendeeList([ana]);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${LIST}/export`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return new HttpResponse(new Uint8Array([80, 75]), {
          headers: {
            "Content-Disposition": `attachment; filename="Trip_"; filename*=UTF-8''Trip%20%C3%A9t%C3%A9%20attendees%202027-01-10.xlsx`,
          },
        });
      }),
    );
    const saved = catchDownloads();
    renderTab();
    fireEvent.click(await screen.findByRole("tab", { name: /Attending/ }));
    search("ana");
    await choose("Excel (.xlsx)");
    await waitFor(() => expect(saved).toEqual(["Trip été attendees 2027-01-10.xlsx"]));
    expect(Object.fromEntries(asked[0]!)).toEqual({ format: "xlsx", group: "ATTENDING", search: "ana" });
    expect(screen.getByRole("button", { name: "Export attendees" })).toBeTruthy();
  });

  it("says 'Exporting attendees…' while the file is made, and tells the server's refusal in a toast", async () => {
    attendeeList([ana]);
    let answer: (response: Response) => void = () => {};
    server.use(http.get(`${LIST}/export`, () => new Promise<Response>((resolve) => (answer = resolve))));
    catchDownloads();
    renderTab();
    await choose("CSV");
    expect(await screen.findByRole("button", { name: "Exporting attendees…" })).toBeTruthy();
    answer(refuse(403, "Only the owner and hosts can do this"));
    expect(await screen.findByText("Only the owner and hosts can do this")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Export attendees" })).toBeTruthy();
  });

  it("is not offered out of manage mode", async () => {
    attendeeList([ana]);
    renderTab({}, { route: "view" });
    await screen.findByText("Ana Lima");
    expect(screen.queryByRole("button", { name: "Export attendees" })).toBeNull();
  });
});
