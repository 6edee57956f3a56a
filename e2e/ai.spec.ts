import type { Page } from "@playwright/test";
import { OFFLINE_AI_NOTE } from "../worker/features/ai/generator.schema";
import { pdfWithLines } from "../worker/test/pdf";
import { expect, expectAccessible, test } from "./fixtures";
import { isoDate, registerViaApi, shot, signInAs } from "./support";

const agenda = () => ({
  name: "lisbon-agenda.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from(
    pdfWithLines([
      [
        "Lisbon Tile Weekend",
        "Day 1",
        "Meet in the hotel lobby",
        "09:00 Breakfast at the hotel",
        "10:30 - 12:00 Museum visit, National Tile Museum",
      ],
      ["Day 2", "2:30 pm – 4 pm Boat tour"],
    ]),
  ),
});

/**
 * Pauses the browser's POST /api/events at the given stage (Chromium's Fetch domain): "Request" before it leaves
 * the browser, "Response" once the server has answered, so the browser has sent the whole form and the modal
 * shows the server's stages for as long as the test holds it.
 */
async function holdCreation(page: Page, requestStage: "Request" | "Response") {
  const cdp = await page.context().newCDPSession(page);
  let release!: (how: "continue" | "fail") => void;
  const released = new Promise<"continue" | "fail">((resolve) => (release = resolve));
  let paused!: () => void;
  const held = new Promise<void>((resolve) => (paused = resolve));
  cdp.on("Fetch.requestPaused", async ({ requestId, request }) => {
    const how = request.method === "POST" ? (paused(), await released) : "continue";
    await (
      how === "continue"
        ? cdp.send("Fetch.continueRequest", { requestId })
        : cdp.send("Fetch.failRequest", { requestId, errorReason: "Aborted" })
    ).catch(() => {});
  });
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*/api/events", requestStage }] });
  return {
    held,
    release: async (how: "continue" | "fail" = "continue") => {
      release(how);
      await cdp.send("Fetch.disable").catch(() => {});
      await cdp.detach().catch(() => {});
    },
  };
}

test.describe("AI itinerary", () => {
  test("an organiser builds an experience from a PDF agenda: progress while it is made, Cancel leaves nothing, then its days and timed activities in manage mode", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Beatriz", "Lopes");
    await signInAs(page, owner, "/manage/experiences/upcoming");
    await page.getByRole("button", { name: "Experience", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "New Experience" });
    await modal.getByLabel("Name").fill("Lisbon Tile Weekend");
    await modal.getByLabel("Start date").fill(isoDate(10));
    await modal.getByLabel("End date").fill(isoDate(11));
    await expect(modal.getByLabel("AI mode")).toBeChecked();
    // wrangler dev has no Workers AI: the modal says what the offline generator does with a prompt.
    await expect(modal.getByText(OFFLINE_AI_NOTE)).toBeVisible();
    await modal.getByLabel("Prompt").fill("");
    await modal.getByRole("button", { name: "Create" }).click();
    await expect(modal.getByText("Describe your experience or attach a PDF to generate its itinerary")).toBeVisible();
    await expectAccessible(page, "New Experience in AI mode asking for a prompt or a PDF");
    await modal.getByLabel("Attachment (PDF)").setInputFiles(agenda());
    await expect(modal.getByText("lisbon-agenda.pdf")).toBeVisible();
    await expect(modal.getByLabel("Prompt (optional)")).toHaveValue("");
    await expectAccessible(page, "New Experience with a PDF attached");

    // Cancelled before the server has it: back to the form as filled, and no experience anywhere.
    const cancelled = await holdCreation(page, "Request");
    await modal.getByRole("button", { name: "Create" }).click();
    await cancelled.held;
    await expect(modal.getByRole("status")).toContainText("Uploading…");
    await expectAccessible(page, "the generating modal while uploading");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal.getByLabel("Name")).toHaveValue("Lisbon Tile Weekend");
    await expect(modal.getByText("lisbon-agenda.pdf")).toBeVisible();
    await cancelled.release("fail");
    const listed = await request.get("/api/events", { headers: { Authorization: `Bearer ${owner.authToken}` } });
    expect(await listed.json()).toEqual([]);

    // Created: the form is sent, the server's stages show while its answer is held, then the itinerary opens in manage mode.
    const created = await holdCreation(page, "Response");
    await modal.getByRole("button", { name: "Create" }).click();
    await created.held;
    const progress = modal.getByTestId("generation-progress");
    // The reading stage lasts 2 s from the upload's end; a busy machine may already be building.
    await expect(progress.getByRole("status")).toHaveText(/^(Reading the document…|Building the days…)$/);
    await expect(progress.getByRole("listitem").first()).toHaveAttribute("data-state", "done");
    await expectAccessible(page, "the generating modal's progress");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "ai-progress-390");
    await expect(progress.getByRole("status")).toHaveText("Building the days…");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "ai-progress-1280");
    await created.release();

    await expect(page.getByText("Experience Created")).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/experiences\/upcoming\/[\w-]+\/itinerary$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lisbon Tile Weekend" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Activity" }).first()).toBeVisible();
    const days = page.getByRole("region", { name: "Days" });
    await expect(days.getByRole("listitem")).toHaveCount(2);
    await expect(days.getByRole("listitem").nth(0)).toContainText("2 activities");
    await expect(days.getByRole("listitem").nth(1)).toContainText("1 activity");

    const activities = page.getByRole("region", { name: "Activities" });
    await expect(activities.getByText(/Meet in the hotel lobby/)).toBeVisible();
    await expect(activities.getByRole("button", { name: /Breakfast at the hotel/ })).toContainText("09:00 AM – 10:00 AM");
    await expect(activities.getByRole("button", { name: /Museum visit/ })).toContainText("10:30 AM – 12:00 PM");
    await expect(activities.getByRole("button", { name: /Museum visit/ })).toContainText("National Tile Museum");
    await expectAccessible(page, "the generated itinerary in manage mode");
    await shot(page, "ai-itinerary-1280", { fullPage: true });

    await days.getByRole("button", { name: /^Day 2 ·/ }).click();
    await expect(activities.getByRole("button", { name: /Boat tour/ })).toContainText("02:30 PM – 04:00 PM");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Days" }).click();
    await expectAccessible(page, "the days on a phone");
    await days.getByRole("button", { name: /^Day 1 ·/ }).click();
    await expect(activities.getByRole("button", { name: /Breakfast at the hotel/ })).toBeVisible();
    await shot(page, "ai-itinerary-390", { fullPage: true });
  });
});
