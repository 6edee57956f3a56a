import { fireEvent, screen, within } from "@testing-library/react";
import { http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { refuse, server } from "@web/test/server";
import { FEEDBACK_MESSAGES, type FeedbackResults } from "@worker/features/feedback/feedback.schema";
import { aForm, dismissToasts, formList, renderTab, RESULTS, results } from "./feedback.test-support";

afterEach(dismissToasts);

const ana = { guid: "g1", firstName: "Ana", lastName: "Lima", profilePic: null };
const bruno = { guid: "g2", firstName: "Bruno", lastName: "Costa", profilePic: null };

const twoAnswers: FeedbackResults = {
  responsesCount: 2,
  totalAverage: 3.75,
  responses: [
    { fieldId: "q1", label: "The venue", averageRating: 4.5, distribution: [0, 0, 0, 1, 1] },
    { fieldId: "q2", label: "The food", averageRating: 3, distribution: [0, 1, 0, 1, 0] },
  ],
  dataResponses: [
    {
      id: "d1",
      dataFieldLabel: "What could we do better?",
      responses: [
        { id: "a2", data: "More coffee", user: bruno, createdAt: "2027-03-15T11:00:00.000Z" },
        { id: "a1", data: "Longer lunches", user: ana, createdAt: "2027-03-15T10:00:00.000Z" },
      ],
    },
  ],
};

async function openResults() {
  renderTab();
  const row = (await screen.findByRole("heading", { name: /How was Lisbon/ })).closest("li")!;
  fireEvent.click(within(row).getByRole("button", { name: "Results" }));
  return screen.getByRole("dialog", { name: "Results: How was Lisbon?" });
}

describe("a form's results", () => {
  it("show how many answered and the average of every rating", async () => {
    formList([aForm({ isActive: true, responsesCount: 2 })]);
    results(twoAnswers);
    const dialog = await openResults();
    expect((await within(dialog).findByText("Responses")).nextElementSibling!.textContent).toBe("2");
    expect(within(dialog).getByText("Average rating").nextElementSibling!.textContent).toBe("3.75 / 5");
  });

  it("draw one bar per rating question, its width the average out of 5, with the average written beside it", async () => {
    formList([aForm({ isActive: true, responsesCount: 2 })]);
    results(twoAnswers);
    const dialog = await openResults();
    const rows = within(await within(dialog).findByRole("list", { name: "Average per question" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual(["The venue4.50", "The food3.00"]);
    const widths = rows.map((row) => row.querySelector<HTMLElement>("[aria-hidden] > div")!.style.width);
    expect(widths).toEqual(["90%", "60%"]);
  });

  it("list the open answers with who wrote them", async () => {
    formList([aForm({ isActive: true, responsesCount: 2 })]);
    results(twoAnswers);
    const dialog = await openResults();
    const answers = within(await within(dialog).findByRole("list", { name: "What could we do better?" })).getAllByRole("listitem");
    const lines = answers.map((answer) => [...answer.querySelectorAll("p")].map((p) => p.textContent));
    expect(lines).toEqual([
      ["Bruno Costa", "More coffee"],
      ["Ana Lima", "Longer lunches"],
    ]);
  });

  it("show '–' for averages before anyone answers", async () => {
    formList([aForm()]);
    results({
      responsesCount: 0,
      totalAverage: null,
      responses: twoAnswers.responses.map((field) => ({ ...field, averageRating: null, distribution: [0, 0, 0, 0, 0] })),
      dataResponses: [{ ...twoAnswers.dataResponses[0]!, responses: [] }],
    });
    const dialog = await openResults();
    expect((await within(dialog).findByText("Average rating")).nextElementSibling!.textContent).toBe("– / 5");
    expect(within(dialog).getByText("No answers yet.")).toBeTruthy();
  });

  it("say why they cannot be shown", async () => {
    formList([aForm()]);
    server.use(http.get(RESULTS, () => refuse(404, FEEDBACK_MESSAGES.formNotFound)));
    const dialog = await openResults();
    expect((await within(dialog).findByRole("alert")).textContent).toBe(FEEDBACK_MESSAGES.formNotFound);
  });
});
