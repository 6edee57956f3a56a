import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { delay, http, HttpResponse, type PathParams } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { Toaster } from "@web/components/ui/toast";
import { session } from "@web/lib/session";
import { anExperience, aUser } from "@web/test/fixtures";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { successSchema } from "@worker/shared/views.schema";
import { PASS_MAILED } from "../api/mail-pass";
import { aPass, answerPass, attending, MAIL, PASS, SVG } from "../pass.test-support";
import { PassCard } from "./pass-card";

function renderCard(event: ExperienceDetail, { manage = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PassCard event={event} manage={manage} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const card = () => screen.getByRole("region", { name: "Your pass" });

beforeEach(() => session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) }));
afterEach(() => session.clear());

describe("the 'Your pass' card", () => {
  it("shows an attending guest their QR code and name, not yet checked in", async () => {
    answerPass(aPass());
    renderCard(attending());
    const qr = await within(card()).findByRole("img", { name: "Your pass QR code" });
    expect(qr.getAttribute("src")).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(within(card()).getByText("Gus Guest")).toBeTruthy();
    expect(within(card()).getByText("Show it at the entrance")).toBeTruthy();
  });

  it("says 'Checked in 10:42 AM Lisbon time' on the experience's clock once the guest was admitted", async () => {
    answerPass(aPass({ checkedInAt: "2027-03-12T10:42:00.000Z" }));
    renderCard(attending());
    expect(await within(card()).findByText("Checked in 10:42 AM Lisbon time")).toBeTruthy();
  });

  it("keeps its size while the pass loads, with a placeholder", () => {
    server.use(
      http.get(PASS, async () => {
        await delay("infinite");
        return new HttpResponse(null);
      }),
    );
    renderCard(attending());
    expect(within(card()).getByRole("status", { name: "Loading your pass" })).toBeTruthy();
    expect(card().className).toContain("h-14");
  });

  it("is not shown to someone not attending, nor in manage mode", () => {
    answerPass(aPass());
    const { unmount } = renderCard(anExperience({ isOwner: false, isGuest: false }));
    expect(screen.queryByRole("region", { name: "Your pass" })).toBeNull();
    unmount();
    renderCard(attending(), { manage: true });
    expect(screen.queryByRole("region", { name: "Your pass" })).toBeNull();
  });

  it("goes away when the server says there is no pass (the guest declined meanwhile)", async () => {
    server.use(http.get<PathParams, never, ErrorBody>(PASS, () => refuse(404, "You have a pass once you're attending this experience.")));
    renderCard(attending());
    await waitFor(() => expect(screen.queryByRole("region", { name: "Your pass" })).toBeNull());
  });

  it("opens full screen over everything, closes with Escape or Close, and gives focus back to 'Show full screen'", async () => {
    answerPass(aPass());
    renderCard(attending());
    const open = await within(card()).findByRole("button", { name: "Show full screen" });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole("dialog", { name: "Your pass" });
    expect(within(dialog).getByRole("img", { name: "Your pass QR code" })).toBeTruthy();
    expect(within(dialog).getByText("Turn your screen brightness up")).toBeTruthy();
    expect(within(dialog).getByText("Lisbon weekend")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);

    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("asks for the 'Your pass' e-mail and says it is on its way", async () => {
    answerPass(aPass());
    let asked = 0;
    server.use(
      http.post<PathParams, never, z.infer<typeof successSchema>>(MAIL, () => {
        asked++;
        return HttpResponse.json({ success: true });
      }),
    );
    renderCard(attending());
    fireEvent.click(await within(card()).findByRole("button", { name: "E-mail me my pass" }));
    expect(await screen.findByText(PASS_MAILED)).toBeTruthy();
    expect(asked).toBe(1);
  });

  it("shows the server's reason when the e-mail is refused (three a day)", async () => {
    answerPass(aPass());
    const reason = "You can e-mail yourself your pass 3 times a day. Try again tomorrow.";
    server.use(http.post<PathParams, never, ErrorBody>(MAIL, () => refuse(429, reason)));
    renderCard(attending());
    fireEvent.click(await within(card()).findByRole("button", { name: "E-mail me my pass" }));
    expect(await screen.findByText(reason)).toBeTruthy();
  });
});
