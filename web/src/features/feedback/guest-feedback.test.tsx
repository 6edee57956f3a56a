import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { refuse } from "@web/test/server";
import { FEEDBACK_MESSAGES, FEEDBACK_TOASTS, type FeedbackForm } from "@worker/features/feedback/feedback.schema";
import { activeForm, aForm, answers, dismissToasts, renderTabBarEnd } from "./feedback.test-support";

afterEach(dismissToasts);

const { responsesCount: _, ...published } = aForm({ isActive: true });
const form: FeedbackForm = published;

const open = async (name = /Give feedback/) => {
  fireEvent.click(await screen.findByRole("button", { name }));
  return screen.getByRole("dialog", { name: form.title });
};
const rate = (dialog: HTMLElement, question: string, choice: string) =>
  fireEvent.click(within(within(dialog).getByRole("group", { name: question })).getByRole("radio", { name: choice }));
/** The radios of each rating question of the form, in order. */
const choicesPerQuestion = (dialog: HTMLElement) =>
  ["The venue", "The food"].map((question) => within(within(dialog).getByRole("group", { name: question })).getAllByRole("radio"));
const FIVE_CHOICES = ["1 POOR", "2 FAIR", "3 GOOD", "4 VERY GOOD", "5 EXCELLENT"];
const submit = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: "Submit" }) as HTMLButtonElement;

describe("a guest's feedback", () => {
  it("offers the published form with five labelled choices per question, 1 POOR to 5 EXCELLENT", async () => {
    activeForm({ form, answered: false, canAnswer: true });
    renderTabBarEnd();
    const dialog = await open();
    expect(within(dialog).getByText(form.description)).toBeTruthy();
    for (const choices of choicesPerQuestion(dialog)) {
      expect(choices.map((choice) => choice.closest("label")!.textContent)).toEqual(FIVE_CHOICES);
      expect(choices.every((choice) => (choice as HTMLInputElement).required)).toBe(true);
    }
  });

  it("cannot be submitted until every question is rated", async () => {
    activeForm({ form, answered: false, canAnswer: true });
    const sent = answers();
    renderTabBarEnd();
    const dialog = await open();
    expect(submit(dialog).disabled).toBe(true);
    rate(dialog, "The venue", "4 VERY GOOD");
    expect(submit(dialog).disabled).toBe(true);
    fireEvent.submit(submit(dialog).form!);
    rate(dialog, "The food", "2 FAIR");
    expect(submit(dialog).disabled).toBe(false);
    expect(sent).toEqual([]);
  });

  it("sends every rating and the open answer, then thanks the guest", async () => {
    activeForm({ form, answered: false, canAnswer: true });
    const sent = answers();
    renderTabBarEnd();
    const dialog = await open();
    rate(dialog, "The venue", "5 EXCELLENT");
    rate(dialog, "The food", "3 GOOD");
    rate(dialog, "The venue", "4 VERY GOOD");
    fireEvent.change(within(dialog).getByLabelText("What could we do better? (optional)"), { target: { value: "  More coffee " } });
    fireEvent.click(submit(dialog));
    expect(await within(dialog).findByText(FEEDBACK_TOASTS.answered)).toBeTruthy();
    expect(sent).toEqual([
      {
        formId: "f1",
        body: {
          responses: [
            { fieldId: "q1", rating: 4 },
            { fieldId: "q2", rating: 3 },
          ],
          dataResponses: [{ dataFieldId: "d1", data: "More coffee" }],
        },
      },
    ]);
    expect(screen.getByRole("button", { name: /Feedback sent/ })).toBeTruthy();
  });

  it("leaves out a blank open answer", async () => {
    activeForm({ form, answered: false, canAnswer: true });
    const sent = answers();
    renderTabBarEnd();
    const dialog = await open();
    rate(dialog, "The venue", "1 POOR");
    rate(dialog, "The food", "1 POOR");
    fireEvent.click(submit(dialog));
    await within(dialog).findByText(FEEDBACK_TOASTS.answered);
    expect(sent[0]!.body!.dataResponses).toEqual([]);
  });

  it("shows the server's refusal and keeps the answers", async () => {
    activeForm({ form, answered: false, canAnswer: true });
    answers(() => refuse(409, FEEDBACK_MESSAGES.notPublished));
    renderTabBarEnd();
    const dialog = await open();
    rate(dialog, "The venue", "5 EXCELLENT");
    rate(dialog, "The food", "5 EXCELLENT");
    fireEvent.click(submit(dialog));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(FEEDBACK_MESSAGES.notPublished);
    expect(
      (within(within(dialog).getByRole("group", { name: "The venue" })).getByRole("radio", { name: "5 EXCELLENT" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it("thanks a guest who has already answered, instead of the form", async () => {
    activeForm({ form, answered: true, canAnswer: false });
    renderTabBarEnd();
    const dialog = await open(/Feedback sent/);
    expect(within(dialog).getByText(FEEDBACK_TOASTS.answered)).toBeTruthy();
    expect(within(dialog).queryByRole("radio")).toBeNull();
  });

  it("shows nothing when no form is published", async () => {
    const reads = activeForm({ form: null, answered: false, canAnswer: false });
    renderTabBarEnd();
    await waitFor(() => expect(reads.count).toBe(1));
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("does not ask a visitor who is not a guest, nor read the form", async () => {
    const reads = activeForm({ form, answered: false, canAnswer: true });
    renderTabBarEnd({ isOwner: false, isHost: false, isGuest: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads.count).toBe(0);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

const owner = { isOwner: true, isHost: false, isGuest: false } as const;
const host = { isOwner: false, isHost: true, isGuest: true } as const;

describe("an organiser's preview of the guests' page", () => {
  it.each([
    ["the owner", owner],
    ["a host", host],
  ])("shows %s 'Give feedback' where guests see it when a form is published", async (_, role) => {
    activeForm({ form, answered: false, canAnswer: false });
    renderTabBarEnd(role);
    const dialog = await open();
    expect(within(dialog).getByText(form.description)).toBeTruthy();
    for (const choices of choicesPerQuestion(dialog)) {
      expect(choices.map((choice) => choice.closest("label")!.textContent)).toEqual(FIVE_CHOICES);
    }
    expect(within(dialog).getByLabelText("What could we do better? (optional)")).toBeTruthy();
  });

  it("shows no button when no form is published", async () => {
    const reads = activeForm({ form: null, answered: false, canAnswer: false });
    renderTabBarEnd(owner);
    await waitFor(() => expect(reads.count).toBe(1));
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("opens the form read-only, with 'Preview — guests answer here.' instead of Submit, and sends nothing", async () => {
    activeForm({ form, answered: false, canAnswer: false });
    const sent = answers();
    renderTabBarEnd(host);
    const dialog = await open();
    expect(within(dialog).getByText(/guests answer here\./).textContent).toBe("Preview — guests answer here.");
    expect(within(dialog).queryByRole("button", { name: "Submit" })).toBeNull();
    expect(
      within(dialog)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Close"]);
    // The question's fieldset disables its radios, as the browser reads them.
    for (const radio of within(dialog).getAllByRole("radio")) expect(radio.matches(":disabled")).toBe(true);
    expect((within(dialog).getByLabelText("What could we do better? (optional)") as HTMLTextAreaElement).disabled).toBe(true);
    fireEvent.submit(dialog.querySelector("form")!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });

  it("leaves the owner's manage mode to the Feedback tab: no button, and the form is not read", async () => {
    const reads = activeForm({ form, answered: false, canAnswer: false });
    renderTabBarEnd(owner, true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads.count).toBe(0);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
