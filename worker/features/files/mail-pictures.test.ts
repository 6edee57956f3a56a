import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { form, PNG } from "@worker/test/files";
import { call, makeEvent, makeUser } from "@worker/test/helpers";
import { invite } from "@worker/test/rsvp";
import { DAY } from "@worker/test/time";

/** A 2400 x 1200 PNG: a cover as a phone's camera gives it, far wider than a mail. */
async function bigPng(): Promise<Uint8Array> {
  const output = await env.IMAGES.input(new Blob([PNG]).stream())
    .transform({ width: 2400, height: 1200, fit: "cover" })
    .output({ format: "image/png" });
  return new Uint8Array(await output.response().arrayBuffer());
}

/** A private experience with an uploaded cover, and the address its invitation mail shows the cover at. */
async function invitedWithCover() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
  const setCover = async () => {
    const body = form({ file: new File([await bigPng()], "cover.png") });
    expect((await call(`/api/events/${event.id}/image`, { method: "POST", token: owner.token, body })).status).toBe(200);
  };
  await setCover();
  const address = uniqueEmail();
  expect((await invite(owner.token, event.id, [address])).status).toBe(201);
  const [mail] = await mailsTo(address);
  const src = /<img src="([^"]+)"/.exec(mail!.html)?.[1];
  expect(src).toBeDefined();
  return { src: new URL(src!.replaceAll("&amp;", "&")), setCover };
}

const fetchPicture = (url: URL) => call(`${url.pathname}${url.search}`);

describe("an invitation mail's cover", () => {
  afterEach(() => vi.useRealTimers());

  it("is a sized JPEG copy (at most 1,040 px wide), not the original upload", async () => {
    const { src } = await invitedWithCover();
    expect(src.pathname).toMatch(/^\/mail-pictures\/[^/]+$/);
    const response = await fetchPicture(src);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const info = (await env.IMAGES.info(new Blob([await response.arrayBuffer()]).stream())) as { width: number };
    expect(info.width).toBeLessThanOrEqual(1040);
  });

  it("still answers a month later: its address does not expire", async () => {
    const { src } = await invitedWithCover();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * DAY);
    expect((await fetchPicture(src)).status).toBe(200);
  });

  it("answers 404 to an address with another signature, and once the cover is replaced", async () => {
    const { src, setCover } = await invitedWithCover();
    const forged = new URL(src);
    forged.searchParams.set("s", "0".repeat(64));
    expect((await fetchPicture(forged)).status).toBe(404);
    await setCover();
    expect((await fetchPicture(src)).status).toBe(404);
  });
});
