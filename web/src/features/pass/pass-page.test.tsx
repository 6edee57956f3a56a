import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { NO_PASS_IN_LINK, PassPage } from "./pass-page";

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const TOKEN = `${base64url({ alg: "ES256", kid: "k1" })}.${base64url({ e: "ev1", r: "r1", s: "0123456789abcdef", iat: 1 })}.c2lnbmF0dXJl`;

function renderAt(hash: string) {
  return render(
    <MemoryRouter initialEntries={[`/pass${hash}`]}>
      <PassPage experienceName={({ eventId }) => <p>Experience {eventId}</p>} />
    </MemoryRouter>,
  );
}

describe("the /pass page", () => {
  it("draws the pass's QR code in the browser from the link's fragment, with the experience's name", async () => {
    renderAt(`#${TOKEN}`);
    const qr = await screen.findByRole("img", { name: "Your pass QR code" });
    const svg = decodeURIComponent(qr.getAttribute("src")!.replace("data:image/svg+xml;charset=utf-8,", ""));
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(screen.getByRole("heading", { level: 1, name: "Your pass" })).toBeTruthy();
    expect(screen.getByText("Experience ev1")).toBeTruthy();
    expect(screen.getByText("Turn your screen brightness up")).toBeTruthy();
  });

  it.each([
    ["no fragment", ""],
    ["a fragment cut short", `#${TOKEN.slice(0, 30)}`],
    ["a fragment that is no pass", "#hello.world.again"],
  ])("says the link holds no pass, with a way home, for %s", (_, hash) => {
    renderAt(hash);
    expect(screen.getByText(NO_PASS_IN_LINK)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to your experiences" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("img")).toBeNull();
  });
});
