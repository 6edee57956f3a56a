import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, joinViaApi, registerViaApi, shot, signInAs, type Account } from "./support";

async function experienceWithGuests(request: APIRequestContext, owner: Account, guests: Account[]) {
  const id = await experienceViaApi(request, owner, { name: "Porto Partner Days", startsIn: 2 });
  for (const guest of guests) await joinViaApi(request, id, guest);
  return id;
}

test.describe("feedback forms", () => {
  test("a host publishes a form, two guests answer, and the host sees the right averages", async ({ page, request, browser }) => {
    const host = await registerViaApi(request, "Ines", "Prado");
    const [ana, rui] = [await registerViaApi(request, "Ana", "Lobo"), await registerViaApi(request, "Rui", "Sa")];
    const eventId = await experienceWithGuests(request, host, [ana, rui]);

    // The view route is the guests' preview: no Feedback tab there; manage mode is one click away.
    await signInAs(page, host, `/experiences/${eventId}/feedback`);
    await expect(page).toHaveURL(new RegExp(`/experiences/${eventId}/itinerary$`));
    const sections = page.getByRole("navigation", { name: "Experience sections" });
    await expect(sections.getByRole("link", { name: "Itinerary" })).toBeVisible();
    await expect(
      sections.getByRole("link", { name: "Feedback" }).or(page.getByRole("button", { name: "New form" })),
      "no organiser control in the preview",
    ).toHaveCount(0);
    await expectAccessible(page, "the itinerary preview");
    await page.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Edit" }).click();
    await sections.getByRole("link", { name: "Feedback" }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/experiences/upcoming/${eventId}/feedback$`));
    await expect(page.getByText("No feedback forms yet")).toBeVisible();
    await expectAccessible(page, "no feedback forms yet");
    await page.getByRole("button", { name: "New form" }).click();
    const editor = page.getByRole("dialog", { name: "New feedback form" });
    await editor.getByLabel("Title").fill("How was Porto?");
    await editor.getByLabel("Description").fill("Two minutes, to make the next one better.");
    await editor.getByRole("textbox", { name: "Rating question 1" }).fill("The venue");
    await editor.getByRole("button", { name: "Add rating question" }).click();
    await editor.getByRole("textbox", { name: "Rating question 2" }).fill("The food");
    await editor.getByLabel("Open-ended question (optional)").fill("What could we do better?");
    await expectAccessible(page, "the new feedback form dialog");
    await editor.getByRole("button", { name: "Create form" }).click();
    await expect(page.getByText("Form created successfully")).toBeVisible();
    const listed = page.getByRole("list", { name: "Feedback forms" }).getByRole("listitem").first();
    await expect(listed).toContainText("How was Porto? (Draft)");
    await listed.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Form published successfully")).toBeVisible();
    await expect(listed).toContainText("Published");
    await expectAccessible(page, "the list of feedback forms");

    // The owner's preview shows guests' 'Give feedback' in the same place; its form shows the questions, answers nothing.
    await page.goto(`/experiences/${eventId}/itinerary`);
    await page.getByRole("button", { name: "Give feedback" }).click();
    const preview = page.getByRole("dialog", { name: "How was Porto?" });
    await expect(preview.getByText("Preview — guests answer here.")).toBeVisible();
    for (const question of ["The venue", "The food"]) {
      for (const radio of await preview.getByRole("group", { name: question }).getByRole("radio").all()) await expect(radio).toBeDisabled();
    }
    await expect(preview.getByLabel("What could we do better? (optional)")).toBeDisabled();
    await expect(preview.getByRole("button", { name: "Submit" })).toHaveCount(0);
    await expectAccessible(page, "the owner's preview of the answer dialog");
    await shot(page, "feedback-preview-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(preview.getByText("Preview — guests answer here.")).toBeInViewport();
    await shot(page, "feedback-preview-390");
    await preview.getByRole("button", { name: "Close" }).click();
    await shot(page, "feedback-preview-tabs-390");
    await page.setViewportSize({ width: 1280, height: 720 });
    // Nor can the owner answer behind the preview's back.
    const formId = (
      (await (await request.get(`/api/events/${eventId}/form/active`, { headers: bearer(host) })).json()) as { form: { id: string } }
    ).form.id;
    const refused = await request.post(`/api/events/${eventId}/form/${formId}/response`, {
      data: { responses: [], dataResponses: [] },
      headers: bearer(host),
    });
    expect(refused.status()).toBe(403);
    await page.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Edit" }).click();
    await sections.getByRole("link", { name: "Feedback" }).click();
    await expect(listed).toContainText("Published");

    // Ana answers on her phone; the button appears without a reload once the form is published.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await phone.newPage();
    await signInAs(guest, ana, `/experiences/${eventId}/itinerary`);
    await expectAccessible(guest, "a guest's itinerary with 'Give feedback' on a phone");
    await guest.getByRole("button", { name: "Give feedback" }).click();
    const answer = guest.getByRole("dialog", { name: "How was Porto?" });
    await expect(answer.getByRole("button", { name: "Submit" })).toBeDisabled();
    await expectAccessible(guest, "the answer dialog on a phone");
    // The radio buttons are styled through their labels: a person taps the label.
    const choose = async (question: string, choice: string) => {
      await answer.getByRole("group", { name: question }).locator("label").filter({ hasText: choice }).click();
      await expect(answer.getByRole("group", { name: question }).getByRole("radio", { name: choice })).toBeChecked();
    };
    await choose("The venue", "5 EXCELLENT");
    await choose("The food", "4 VERY GOOD");
    await answer.getByLabel("What could we do better? (optional)").fill("More coffee breaks");
    await expectAccessible(guest, "the answer dialog, answered");
    await shot(guest, "feedback-answer-390");
    await answer.getByRole("button", { name: "Submit" }).click();
    await expect(guest.getByRole("button", { name: "Feedback sent" })).toBeVisible();
    await expectAccessible(guest, "'Feedback sent'");
    await phone.close();

    // Rui answers through the API: 3 for the venue, 2 for the food.
    const active = await (await request.get(`/api/events/${eventId}/form/active`, { headers: bearer(rui) })).json();
    const [venue, food] = active.form.fields as { id: string; label: string }[];
    const sent = await request.post(`/api/events/${eventId}/form/${active.form.id}/response`, {
      data: {
        responses: [
          { fieldId: venue!.id, rating: 3 },
          { fieldId: food!.id, rating: 2 },
        ],
        dataResponses: [],
      },
      headers: bearer(rui),
    });
    expect(sent.status()).toBe(201);

    await listed.getByRole("button", { name: "Results" }).click();
    const results = page.getByRole("dialog", { name: "Results: How was Porto?" });
    const averages = results.getByRole("list", { name: "Average per question" }).getByRole("listitem");
    await expect(averages.filter({ hasText: "The venue" })).toContainText("4.00");
    await expect(averages.filter({ hasText: "The food" })).toContainText("3.00");
    await expect(results).toContainText("3.50");
    await expect(results.getByRole("list", { name: "What could we do better?" })).toContainText("More coffee breaks");
    await expectAccessible(page, "the results dialog");
    await shot(page, "feedback-results-1280");
  });
});
