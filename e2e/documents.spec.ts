import type { APIRequestContext } from "@playwright/test";
import { pdf, png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, joinViaApi, registerViaApi, shot, signInAs } from "./support";

/** A private experience of Olga's that Leo and Mia have joined. */
async function osloRetreat(request: APIRequestContext) {
  const owner = await registerViaApi(request, "Olga", "Berg");
  const guest = await registerViaApi(request, "Leo", "Marin");
  const other = await registerViaApi(request, "Mia", "Santos");
  const eventId = await experienceViaApi(request, owner, { name: "Oslo Retreat", privacy: "PRIVATE" });
  for (const person of [guest, other]) await joinViaApi(request, eventId, person);
  return { owner, guest, other, eventId };
}

test.describe("documents", () => {
  test("a host uploads a common document and one for a guest; the guest, on a phone, sees only theirs and the common one", async ({
    page,
    request,
    browser,
  }) => {
    const { owner, guest, eventId } = await osloRetreat(request);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/documents`);
    const whose = page.getByRole("navigation", { name: "Whose documents" });
    await expect(whose.getByRole("button", { name: "Leo Marin" })).toBeVisible();
    await expect(whose.getByRole("button", { name: "Mia Santos" })).toBeVisible();
    await expectAccessible(page, "the common documents in manage mode");

    await page.getByLabel("Document files").setInputFiles([pdf("Programme.pdf"), png("Venue map.png")]);
    const common = page.getByRole("list", { name: "Common Documents: documents" });
    await expect(common.getByRole("link", { name: "Open Programme.pdf" })).toBeVisible();
    await expect(common.getByRole("link", { name: "Open Venue map.png" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Uploads" })).toBeHidden();
    await expectAccessible(page, "the common documents, uploaded");
    await page
      .getByLabel("Document files")
      .setInputFiles([{ name: "notes.docx", mimeType: "application/msword", buffer: Buffer.from("PK") }]);
    await expect(page.getByText("notes.docx was not uploaded. Only JPEG, PNG and PDF files can be uploaded")).toBeVisible();
    await expectAccessible(page, "an upload refused");

    await whose.getByRole("button", { name: "Leo Marin" }).click();
    await page.getByRole("combobox", { name: "Document type" }).selectOption("boarding_pass");
    await page.getByLabel("Document files").setInputFiles([pdf("Leo boarding pass.pdf")]);
    const leos = page.getByRole("list", { name: "Leo Marin: documents" });
    await expect(leos.getByRole("link", { name: "Open Leo boarding pass.pdf" })).toBeVisible();
    await expect(leos.getByText("Boarding pass", { exact: true })).toBeVisible();
    await expectAccessible(page, "a guest's documents in manage mode");

    await whose.getByRole("button", { name: "Mia Santos" }).click();
    await page.getByLabel("Document files").setInputFiles([pdf("Mia visa.pdf")]);
    await expect(page.getByRole("list", { name: "Mia Santos: documents" }).getByRole("link", { name: "Open Mia visa.pdf" })).toBeVisible();
    await whose.getByRole("button", { name: "Common Documents" }).click();
    await expect(common).toBeVisible();
    await shot(page, "documents-host-1280", { fullPage: true });

    // The owner's view route is a guest's page: the common documents, and what 'My Documents' holds for each guest.
    await page.goto(`/experiences/${eventId}/documents`);
    await expect(page.getByRole("list", { name: "Common Documents" }).getByRole("link", { name: "Open Programme.pdf" })).toBeVisible();
    await expect(page.getByText("Each guest sees here only the documents added for them, such as their tickets and passes.")).toBeVisible();
    await expect(
      whose.or(page.getByLabel("Document files")).or(page.getByRole("button", { name: /^Delete/ })),
      "no organiser control in the preview",
    ).toHaveCount(0);
    await expectAccessible(page, "the documents preview");
    await shot(page, "documents-preview-1280", { fullPage: true });

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await phone.newPage();
    await signInAs(guestPage, guest, `/experiences/${eventId}/documents`);
    const mine = guestPage.getByRole("list", { name: "My Documents" });
    await expect(mine.getByRole("link", { name: "Open Leo boarding pass.pdf" })).toBeVisible();
    await expect(mine.getByText("Uploaded by Olga Berg")).toBeVisible();
    await expect(guestPage.getByRole("list", { name: "Common Documents" }).getByRole("link", { name: "Open Programme.pdf" })).toBeVisible();
    await expect(guestPage.getByText("Mia visa.pdf")).toHaveCount(0);
    await expect(guestPage.getByText("Drop files here")).toHaveCount(0);
    await expect(guestPage.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await expectAccessible(guestPage, "a guest's documents on a phone");

    // The signed link opens the PDF for the guest, inline, as the browser previews it.
    const href = await mine.getByRole("link", { name: "Open Leo boarding pass.pdf" }).getAttribute("href");
    const file = await guestPage.request.get(href!);
    expect([file.status(), file.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    await shot(guestPage, "documents-guest-390", { fullPage: true });
    await phone.close();
  });

  test("on a phone a host goes from the preview to manage mode, picks a guest from the list, sees their grid with a Back button, and deletes a document after confirming", async ({
    browser,
    request,
  }) => {
    const owner = await registerViaApi(request, "Ana", "Host");
    const guest = await registerViaApi(request, "Rui", "Lopes");
    const eventId = await experienceViaApi(request, owner, { name: "Porto Weekend", privacy: "PRIVATE" });
    await joinViaApi(request, eventId, guest);
    const upload = await request.post(`/api/documents/event/${eventId}/user/${guest.guid}`, {
      multipart: { files: pdf("Rui ticket.pdf") },
      headers: bearer(owner),
    });
    expect(upload.status()).toBe(201);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await signInAs(page, owner, `/experiences/${eventId}/documents`);
    await expect(page.getByText("Each guest sees here only the documents added for them, such as their tickets and passes.")).toBeVisible();
    await expect(page.getByText("No common documents yet.")).toBeVisible();
    await expectAccessible(page, "the documents preview on a phone");
    await shot(page, "documents-preview-390", { fullPage: true });
    await page.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Edit" }).click();
    const whose = page.getByRole("navigation", { name: "Whose documents" });
    await whose.getByRole("button", { name: "Rui Lopes" }).click();
    await expect(whose).toBeHidden();
    const grid = page.getByRole("list", { name: "Rui Lopes: documents" });
    await expect(grid.getByRole("link", { name: "Open Rui ticket.pdf" })).toBeVisible();
    await expectAccessible(page, "a guest's grid on a phone");
    await shot(page, "documents-host-390");

    await grid.getByRole("button", { name: "Delete Rui ticket.pdf" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Are you sure you want to delete this document?");
    await expectAccessible(page, "the delete-document confirmation on a phone");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No documents for \u2068Rui Lopes\u2069 yet.", { exact: false })).toBeVisible();
    await expectAccessible(page, "a guest's empty grid on a phone");

    await page.getByRole("button", { name: "Back" }).click();
    await expectAccessible(page, "the list of guests on a phone, back from a grid");
    await expect(whose.getByRole("button", { name: "Rui Lopes" })).toBeFocused();
    await phone.close();
  });

  test("an organiser's uploads and deletes reach the guests' open Documents tabs without a reload; another guest's own documents are not news to them", async ({
    page,
    request,
    browser,
  }) => {
    const { owner, guest, other, eventId } = await osloRetreat(request);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await phone.newPage();
    const guestSocket = guestPage.waitForEvent("websocket", (ws) => ws.url().includes("/live"));
    await signInAs(guestPage, guest, `/experiences/${eventId}/documents`);
    await guestSocket;
    await expect(guestPage.getByText("No common documents yet.")).toBeVisible();
    // What Mia's page is told, to check that Leo's own documents are never news to her.
    const heardByOther: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", (frame) => heardByOther.push(String(frame.payload))));
    const otherSocket = page.waitForEvent("websocket", (ws) => ws.url().includes("/live"));
    await signInAs(page, other, `/experiences/${eventId}/documents`);
    await otherSocket;
    await expect(page.getByText("No common documents yet.")).toBeVisible();

    const common = await request.post(`/api/documents/event/${eventId}/common`, {
      multipart: { files: pdf("Programme.pdf") },
      headers: bearer(owner),
    });
    expect(common.status()).toBe(201);
    for (const open of [guestPage, page])
      await expect(open.getByRole("list", { name: "Common Documents" }).getByRole("link", { name: "Open Programme.pdf" })).toBeVisible();

    const own = await request.post(`/api/documents/event/${eventId}/user/${guest.guid}`, {
      multipart: { files: pdf("Leo boarding pass.pdf") },
      headers: bearer(owner),
    });
    expect(own.status()).toBe(201);
    await expect(
      guestPage.getByRole("list", { name: "My Documents" }).getByRole("link", { name: "Open Leo boarding pass.pdf" }),
    ).toBeVisible();
    await shot(guestPage, "documents-live-guest-390", { fullPage: true });

    const [programme] = (await common.json()) as { id: string }[];
    expect((await request.delete(`/api/documents/${programme!.id}`, { headers: bearer(owner) })).ok()).toBe(true);
    for (const open of [guestPage, page]) await expect(open.getByText("No common documents yet.")).toBeVisible();
    await expect(guestPage.getByRole("link", { name: "Open Leo boarding pass.pdf" })).toBeVisible();

    const documentMessages = heardByOther.filter((payload) => payload.includes("documents.changed"));
    expect(documentMessages.map((payload) => (JSON.parse(payload) as { owner: string }).owner)).toEqual(["common", "common"]);
    expect(heardByOther.join("\n")).not.toContain("boarding pass");
    await phone.close();
  });
});
