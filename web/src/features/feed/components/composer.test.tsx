import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { refuse, server, type ErrorBody } from "@web/test/server";
import { FEED_MESSAGES, type FeedPost, type mediaUploadSchema } from "@worker/features/feed/feed.schema";
import { aPost, FEED, installBrowserStubs, renderWithClient } from "../feed.test-support";
import { Composer } from "./composer";

type MediaUpload = z.infer<typeof mediaUploadSchema>;

const form = () => screen.getByRole("form", { name: "New post" });
const problem = () => within(form()).getByRole("alert").textContent;
const text = () => screen.getByRole("textbox", { name: "What's happening?" });
const postButton = () => screen.getByRole("button", { name: "Post" });
const fileInput = () => screen.getByLabelText("Photo or video") as HTMLInputElement;
const photo = (name = "castle.jpg", type = "image/jpeg") => new File([new Uint8Array(2048)], name, { type });
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

/** Records every post form sent, and answers it with the new post. */
function acceptPosts() {
  const forms: Record<string, string>[] = [];
  server.use(
    http.post<PathParams, never, FeedPost>(FEED, async ({ request }) => {
      const form = await request.formData();
      forms.push(Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])));
      return HttpResponse.json(aPost({ id: "new", title: String(form.get("title")) }), { status: 201 });
    }),
  );
  return forms;
}

beforeEach(installBrowserStubs);
afterEach(() => vi.unstubAllGlobals());

describe("the composer", () => {
  it("keeps Post disabled with neither text nor a file, and blank text counts as none", () => {
    renderWithClient(<Composer eventId="ev1" />);
    expect(postButton()).toHaveProperty("disabled", true);
    fireEvent.change(text(), { target: { value: "   " } });
    expect(postButton()).toHaveProperty("disabled", true);
    fireEvent.change(text(), { target: { value: "Hello" } });
    expect(postButton()).toHaveProperty("disabled", false);
  });

  it("enables Post with a photo and no text, shows its preview, and disables it again once the photo is removed", () => {
    renderWithClient(<Composer eventId="ev1" />);
    choose(photo());
    expect(screen.getByRole("img", { name: "Photo to post: castle.jpg" })).toBeTruthy();
    expect(postButton()).toHaveProperty("disabled", false);
    fireEvent.click(screen.getByRole("button", { name: "Remove castle.jpg" }));
    expect(screen.queryByRole("img", { name: "Photo to post: castle.jpg" })).toBeNull();
    expect(postButton()).toHaveProperty("disabled", true);
  });

  it(`refuses a file that is neither a photo nor a video with '${FEED_MESSAGES.wrongMedia}'`, () => {
    renderWithClient(<Composer eventId="ev1" />);
    choose(new File(["%PDF"], "menu.pdf", { type: "application/pdf" }));
    expect(problem()).toBe(FEED_MESSAGES.wrongMedia);
    expect(postButton()).toHaveProperty("disabled", true);
  });

  it("takes a video the browser gave no type (a .mov on Windows) and previews it as a video", () => {
    renderWithClient(<Composer eventId="ev1" />);
    choose(new File(["\0\0\0\x14ftypqt  "], "clip.mov", { type: "" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByLabelText("Video to post: clip.mov").tagName).toBe("VIDEO");
    expect(postButton()).toHaveProperty("disabled", false);
  });

  it("refuses a dropped file of the wrong type the same way", () => {
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.drop(screen.getByTestId("media-drop"), { dataTransfer: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(problem()).toBe(FEED_MESSAGES.wrongMedia);
  });

  it(`refuses a photo over 10 MB with '${FEED_MESSAGES.imageTooLarge}' before uploading anything`, () => {
    renderWithClient(<Composer eventId="ev1" />);
    const big = photo();
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect(problem()).toBe(FEED_MESSAGES.imageTooLarge);
  });

  it("shows the upload's progress as a percentage, then posts the form with the text and the uploaded mediaId", async () => {
    let releaseUpload!: () => void;
    const uploaded: { type: string | null; bytes: number }[] = [];
    server.use(
      http.put<PathParams, never, MediaUpload>(`${FEED}/media`, async ({ request }) => {
        uploaded.push({ type: request.headers.get("Content-Type"), bytes: (await request.arrayBuffer()).byteLength });
        await new Promise<void>((resolve) => (releaseUpload = resolve));
        return HttpResponse.json({ mediaId: "m1", mimeType: "image/jpeg", mediaMetadata: { width: 800, height: 600 } }, { status: 201 });
      }),
    );
    const forms = acceptPosts();
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.change(text(), { target: { value: "Castle" } });
    choose(photo());
    fireEvent.click(postButton());

    expect((await screen.findByRole("progressbar", { name: "Upload progress" })).getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByText("Uploading 0%")).toBeTruthy();
    await waitFor(() => expect(uploaded).toEqual([{ type: "image/jpeg", bytes: 2048 }]));
    releaseUpload();
    await waitFor(() => expect(forms).toEqual([{ title: "Castle", mediaId: "m1" }]));
  });

  it(`resets after posting and says '${FEED_MESSAGES.posted}'`, async () => {
    server.use(
      http.put<PathParams, never, MediaUpload>(`${FEED}/media`, () =>
        HttpResponse.json({ mediaId: "m1", mimeType: "image/jpeg", mediaMetadata: null }, { status: 201 }),
      ),
    );
    acceptPosts();
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.change(text(), { target: { value: "Castle" } });
    choose(photo());
    fireEvent.click(postButton());
    expect(await screen.findByText(FEED_MESSAGES.posted)).toBeTruthy();
    expect((text() as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByRole("img", { name: /Photo to post/ })).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(postButton()).toHaveProperty("disabled", true);
  });

  it("shows the server's reason when the post is refused, and keeps what was written", async () => {
    server.use(http.post<PathParams, never, ErrorBody>(FEED, () => refuse(403, "Only participants can post")));
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.change(text(), { target: { value: "Hello" } });
    fireEvent.click(postButton());
    expect(await screen.findByText("Only participants can post")).toBeTruthy();
    expect((text() as HTMLTextAreaElement).value).toBe("Hello");
  });

  it(`says '${FEED_MESSAGES.postFailed}' when the server gives no reason`, async () => {
    server.use(http.post(FEED, () => new HttpResponse(null, { status: 502 })));
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.change(text(), { target: { value: "Hello" } });
    fireEvent.click(postButton());
    expect(await screen.findByText(FEED_MESSAGES.postFailed)).toBeTruthy();
  });

  it("disables the text and Post while posting", async () => {
    server.use(
      http.post(FEED, async () => {
        await delay("infinite");
        return new HttpResponse(null);
      }),
    );
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.change(text(), { target: { value: "Hello" } });
    fireEvent.click(postButton());
    expect(await screen.findByRole("button", { name: "Posting..." })).toHaveProperty("disabled", true);
    expect(text()).toHaveProperty("disabled", true);
  });

  it("offline, keeps Post disabled with 'Needs a connection'", () => {
    renderWithClient(<Composer eventId="ev1" />);
    fireEvent.change(text(), { target: { value: "Hello" } });
    act(() => onlineManager.setOnline(false));
    try {
      expect([postButton().matches(":disabled"), postButton().getAttribute("title")]).toEqual([true, "Needs a connection"]);
      expect(document.getElementById(postButton().getAttribute("aria-describedby")!)?.textContent).toBe("Needs a connection");
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    expect(postButton().matches(":disabled")).toBe(false);
  });
});
