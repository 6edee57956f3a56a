import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { setTimeView } from "@web/hooks/use-time-view";
import { bulletinKeys } from "@web/lib/queries/query-keys";
import { session } from "@web/lib/session";
import { refuse, server } from "@web/test/server";
import { readerIn } from "@web/test/viewer-zone";
import { BULLETIN_MESSAGES, type Bulletin } from "@worker/features/bulletin/bulletin.schema";
import { aBulletin, asGuest, asHost, bulletinList, LIST, ONE, renderTab } from "./bulletin.test-support";

afterEach(() => session.clear());

const cards = () => within(screen.getByRole("list", { name: "Bulletins" })).getAllByRole("article");
const titles = () => cards().map((card) => within(card).getByRole("heading").textContent);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const postButton = () => screen.getByRole("button", { name: "Post bulletin" });
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "map.png", { type: "image/png" });

/** Answers a post with the bulletin the form sent, and records what was sent. */
function acceptPosts() {
  const sent: { title: string; description: string; image: File | null }[] = [];
  server.use(
    http.post<PathParams, never, Bulletin>(LIST, async ({ request }) => {
      const form = await request.formData();
      const image = form.get("image");
      sent.push({
        title: String(form.get("title")),
        description: String(form.get("description")),
        image: image instanceof File ? image : null,
      });
      return HttpResponse.json(aBulletin({ id: "new", title: String(form.get("title")), description: String(form.get("description")) }), {
        status: 201,
      });
    }),
  );
  return sent;
}

describe("the Bulletin tab", () => {
  it(`says '${BULLETIN_MESSAGES.empty}' when nothing has been posted`, async () => {
    bulletinList([]);
    renderTab(asGuest);
    expect(await screen.findByText(BULLETIN_MESSAGES.empty)).toBeTruthy();
  });

  it("lists the bulletins newest first with title, description (line breaks kept), image and time", async () => {
    bulletinList([
      aBulletin({
        title: "Dinner moved",
        description: "Now at 8 pm.\nBring a jacket.",
        media: "/files/f1?e=1&s=x",
        mimeType: "image/png",
        timestamp: "2027-03-13T18:00:00.000Z",
      }),
      aBulletin({ title: "Welcome", timestamp: "2027-03-12T09:30:00.000Z" }),
    ]);
    renderTab(asGuest);
    await screen.findByRole("list", { name: "Bulletins" });
    expect(titles()).toEqual(["Dinner moved", "Welcome"]);
    const [first] = cards();
    const description = within(first!).getByText(/Now at 8 pm/);
    expect(description.textContent).toBe("Now at 8 pm.\nBring a jacket.");
    expect(description.className).toContain("whitespace-pre-line");
    const image = within(first!).getByRole("img", { name: "Image for Dinner moved" });
    expect(image.getAttribute("src")).toBe("/files/f1?e=1&s=x");
    expect(image.parentElement!.className, "a box reserved before the image loads").toContain("aspect-video");
    expect(within(first!).getByText("Maya Host", { exact: false })).toBeTruthy();
    expect(first!.querySelector("time")!.getAttribute("dateTime")).toBe("2027-03-13T18:00:00.000Z");
    expect(within(cards()[1]!).queryByRole("img")).toBeNull();
  });

  it("tells when a bulletin was posted on the experience's clock, with its label, or on the reader's as they chose", async () => {
    bulletinList([aBulletin({ title: "Welcome", timestamp: "2027-03-12T09:30:00.000Z" })]);
    readerIn("America/Los_Angeles");
    renderTab({ ...asGuest, timeZone: "Asia/Tokyo" });
    await screen.findByRole("list", { name: "Bulletins" });
    expect(cards()[0]!.querySelector("time")!.textContent).toBe("Mar 12, 2027, 06:30 PM Tokyo time");
    act(() => setTimeView("viewer"));
    expect(cards()[0]!.querySelector("time")!.textContent).toBe("Mar 12, 2027, 01:30 AM PST");
  });

  it(`shows '${BULLETIN_MESSAGES.loadFailed}' or the server's reason when the list cannot be read`, async () => {
    server.use(http.get(LIST, () => refuse(404, "Event not found")));
    renderTab(asGuest);
    expect((await screen.findByRole("alert")).textContent).toBe("Event not found");
  });

  it("gives a guest neither the form nor a delete button", async () => {
    bulletinList([aBulletin({ title: "Welcome" })]);
    renderTab(asGuest);
    await screen.findByRole("list", { name: "Bulletins" });
    expect(screen.queryByRole("form", { name: "New bulletin" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  it("shows a new bulletin without a reload when the live socket says the bulletin changed", async () => {
    bulletinList([aBulletin({ title: "Welcome" })]);
    const { client } = renderTab(asGuest);
    await screen.findByText("Welcome");
    bulletinList([aBulletin({ title: "Shuttle at 9" }), aBulletin({ title: "Welcome" })]);
    // What hooks/use-live.ts does on `bulletin.changed`.
    await act(() => client.invalidateQueries({ queryKey: bulletinKeys.event("ev1") }));
    await waitFor(() => expect(titles()).toEqual(["Shuttle at 9", "Welcome"]));
  });

  describe("posting, for the owner and hosts", () => {
    it("keeps 'Post bulletin' disabled until both the title and the description are written", async () => {
      bulletinList([]);
      renderTab(asHost);
      await screen.findByText(BULLETIN_MESSAGES.empty);
      expect(postButton()).toHaveProperty("disabled", true);
      type("Title", "Shuttle");
      expect(postButton()).toHaveProperty("disabled", true);
      type("Description", "   ");
      expect(postButton()).toHaveProperty("disabled", true);
      type("Description", "Leaves at 9");
      expect(postButton()).toHaveProperty("disabled", false);
    });

    it(`posts the title, the description and one image, says '${BULLETIN_MESSAGES.posted}', empties the form and tops the list`, async () => {
      bulletinList([aBulletin({ title: "Welcome" })]);
      const sent = acceptPosts();
      renderTab();
      await screen.findByText("Welcome");
      type("Title", " Shuttle ");
      type("Description", "Leaves at 9\nfrom the lobby");
      fireEvent.change(screen.getByLabelText("Image"), { target: { files: [png()] } });
      expect(screen.getByRole("img", { name: "Image to post: map.png" })).toBeTruthy();
      fireEvent.click(postButton());

      expect(await screen.findByText(BULLETIN_MESSAGES.posted)).toBeTruthy();
      expect(sent).toHaveLength(1);
      // A form sends line breaks as CRLF; the server stores them as LF.
      expect(sent[0]).toMatchObject({ title: "Shuttle", description: "Leaves at 9\r\nfrom the lobby" });
      expect(sent[0]!.image?.name).toBe("map.png");
      expect(titles()[0]).toBe("Shuttle");
      expect(screen.getByLabelText("Title")).toHaveProperty("value", "");
      expect(screen.getByLabelText("Description")).toHaveProperty("value", "");
      expect(screen.queryByRole("img", { name: /Image to post/ })).toBeNull();
    });

    it("posts without an image when none is chosen, and lets a chosen one be removed", async () => {
      bulletinList([]);
      const sent = acceptPosts();
      renderTab(asHost);
      await screen.findByText(BULLETIN_MESSAGES.empty);
      fireEvent.change(screen.getByLabelText("Image"), { target: { files: [png()] } });
      fireEvent.click(screen.getByRole("button", { name: "Remove map.png" }));
      type("Title", "Note");
      type("Description", "Text only");
      fireEvent.click(postButton());
      await screen.findByText(BULLETIN_MESSAGES.posted);
      expect(sent[0]!.image).toBeNull();
    });

    it.each([
      ["a PDF", [new File(["%PDF-1.4"], "flyer.pdf", { type: "application/pdf" })], BULLETIN_MESSAGES.wrongImage],
      ["two images", [png(), png()], BULLETIN_MESSAGES.oneImage],
    ])("refuses %s as the image before sending anything", async (_, files, message) => {
      bulletinList([]);
      renderTab();
      await screen.findByText(BULLETIN_MESSAGES.empty);
      fireEvent.change(screen.getByLabelText("Image"), { target: { files } });
      expect(screen.getByRole("alert").textContent).toBe(message);
      expect(screen.queryByRole("img", { name: /Image to post/ })).toBeNull();
    });

    it("shows the server's reason when it refuses the post, keeping what was written", async () => {
      bulletinList([]);
      server.use(http.post(LIST, () => refuse(400, BULLETIN_MESSAGES.wrongImage)));
      renderTab();
      await screen.findByText(BULLETIN_MESSAGES.empty);
      type("Title", "Map");
      type("Description", "Here");
      fireEvent.click(postButton());
      expect(await screen.findByText(BULLETIN_MESSAGES.wrongImage)).toBeTruthy();
      expect(screen.getByLabelText("Title")).toHaveProperty("value", "Map");
    });

    it(`says '${BULLETIN_MESSAGES.postFailed}' when the server gives no reason`, async () => {
      bulletinList([]);
      server.use(http.post(LIST, () => new HttpResponse("Bad gateway", { status: 502 })));
      renderTab();
      await screen.findByText(BULLETIN_MESSAGES.empty);
      type("Title", "Map");
      type("Description", "Here");
      fireEvent.click(postButton());
      expect(await screen.findByText(BULLETIN_MESSAGES.postFailed)).toBeTruthy();
    });
  });

  describe("deleting, for the owner and hosts", () => {
    it(`asks '${BULLETIN_MESSAGES.confirmDelete}' and removes the bulletin once confirmed`, async () => {
      bulletinList([aBulletin({ id: "b-gone", title: "Old news" }), aBulletin({ title: "Welcome" })]);
      const deleted: string[] = [];
      server.use(
        http.delete<{ bulletinId: string }, never, { success: true }>(ONE, ({ params }) => {
          deleted.push(params.bulletinId);
          return HttpResponse.json({ success: true });
        }),
      );
      renderTab(asHost);
      await screen.findByText("Old news");
      fireEvent.click(screen.getByRole("button", { name: "Delete bulletin Old news" }));
      const dialog = screen.getByRole("dialog");
      expect(within(dialog).getByText(BULLETIN_MESSAGES.confirmDelete)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
      await waitFor(() => expect(titles()).toEqual(["Welcome"]));
      expect(deleted).toEqual(["b-gone"]);
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    it("keeps the bulletin when the question is cancelled", async () => {
      bulletinList([aBulletin({ title: "Old news" })]);
      renderTab();
      await screen.findByText("Old news");
      fireEvent.click(screen.getByRole("button", { name: "Delete bulletin Old news" }));
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(titles()).toEqual(["Old news"]);
    });

    it("shows the server's reason when the delete is refused", async () => {
      bulletinList([aBulletin({ title: "Old news" })]);
      server.use(http.delete(ONE, () => refuse(404, BULLETIN_MESSAGES.notFound)));
      renderTab();
      await screen.findByText("Old news");
      fireEvent.click(screen.getByRole("button", { name: "Delete bulletin Old news" }));
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
      expect(await screen.findByText(BULLETIN_MESSAGES.notFound)).toBeTruthy();
    });
  });
});
