import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { feedbackKeys } from "@web/lib/queries/query-keys";
import { refuse } from "@web/test/server";
import { FEEDBACK_MESSAGES, FEEDBACK_TOASTS } from "@worker/features/feedback/feedback.schema";
import {
  aForm,
  createdForms,
  deleted,
  deletedForms,
  dismissToasts,
  formList,
  renderTab,
  updated,
  updatedForms,
} from "./feedback.test-support";

afterEach(dismissToasts);

const dialog = () => screen.getByRole("dialog");
const type = (label: string | RegExp, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const click = (name: string | RegExp, within_: HTMLElement = document.body) =>
  fireEvent.click(within(within_).getByRole("button", { name }));
/** The tab with no forms yet and its New form dialog open; the forms it creates are answered by `reply` and recorded. */
const openNewForm = (reply?: () => Response) => {
  formList([]);
  const sent = createdForms(reply);
  renderTab();
  click("New form");
  return sent;
};
const rowOf = async (title: string) => (await screen.findByRole("heading", { name: new RegExp(title) })).closest("li")!;

describe("the Feedback tab", () => {
  it("lists the forms, a draft marked '(Draft)' and the published one not", async () => {
    formList([aForm({ id: "f1", title: "Day one" }), aForm({ id: "f2", title: "The whole trip", isActive: true })]);
    renderTab();
    expect((await rowOf("Day one")).querySelector("h3")!.textContent).toBe("Day one (Draft)");
    expect((await rowOf("The whole trip")).querySelector("h3")!.textContent).not.toContain("(Draft)");
  });

  it("offers Publish on drafts only", async () => {
    formList([aForm({ id: "f1", title: "Day one" }), aForm({ id: "f2", title: "The whole trip", isActive: true })]);
    renderTab();
    expect(within(await rowOf("Day one")).queryByRole("button", { name: "Publish" })).toBeTruthy();
    expect(within(await rowOf("The whole trip")).queryByRole("button", { name: "Publish" })).toBeNull();
  });

  it("says when there are no forms yet", async () => {
    formList([]);
    renderTab();
    expect(await screen.findByText("No feedback forms yet")).toBeTruthy();
  });

  describe("creating a form", () => {
    it("sends the title, the description, the non-blank rating questions and the open question, then says 'Form created successfully'", async () => {
      const sent = openNewForm();
      type("Title", "  Day one  ");
      type("Description", "How was the first day?");
      type("Rating question 1", "The walking tour");
      click("Add rating question");
      expect(document.activeElement).toBe(within(dialog()).getByLabelText("Rating question 2"));
      click("Add rating question");
      type("Rating question 3", "The dinner");
      type("Open-ended question (optional)", "Anything else?");
      click("Create form");
      expect(await screen.findByText(FEEDBACK_TOASTS.created)).toBeTruthy();
      expect(sent).toEqual([
        {
          formId: undefined,
          body: {
            title: "Day one",
            description: "How was the first day?",
            fields: [{ label: "The walking tour" }, { label: "The dinner" }],
            dataFields: [{ dataFieldLabel: "Anything else?" }],
          },
        },
      ]);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    });

    it("leaves out a removed question and a blank open question", async () => {
      const sent = openNewForm();
      type("Title", "Day one");
      type("Description", "How was it?");
      type("Rating question 1", "The bus");
      click("Add rating question");
      type("Rating question 2", "The hotel");
      click("Remove rating question 1");
      expect(document.activeElement).toBe(within(dialog()).getByLabelText("Rating question 1"));
      click("Create form");
      await screen.findByText(FEEDBACK_TOASTS.created);
      expect(sent[0]!.body).toMatchObject({ fields: [{ label: "The hotel" }], dataFields: [] });
    });

    it(`requires a title and a description ('${FEEDBACK_MESSAGES.titleRequired}', '${FEEDBACK_MESSAGES.descriptionRequired}') and sends nothing`, async () => {
      const sent = openNewForm();
      type("Title", "   ");
      type("Rating question 1", "The bus");
      click("Create form");
      expect(within(dialog()).getByText(FEEDBACK_MESSAGES.titleRequired)).toBeTruthy();
      expect(within(dialog()).getByText(FEEDBACK_MESSAGES.descriptionRequired)).toBeTruthy();
      expect(sent).toEqual([]);
    });

    it(`asks for a question when every one is blank ('${FEEDBACK_MESSAGES.noQuestions}')`, async () => {
      const sent = openNewForm();
      type("Title", "Day one");
      type("Description", "How was it?");
      click("Create form");
      expect(within(dialog()).getByRole("alert").textContent).toBe(FEEDBACK_MESSAGES.noQuestions);
      expect(sent).toEqual([]);
    });

    it("shows the server's refusal in the editor and keeps what was typed", async () => {
      openNewForm(() => refuse(403, "Only the owner or a host can do this"));
      type("Title", "Day one");
      type("Description", "How was it?");
      type("Rating question 1", "The bus");
      click("Create form");
      expect((await within(dialog()).findByRole("alert")).textContent).toBe("Only the owner or a host can do this");
      expect((within(dialog()).getByLabelText("Title") as HTMLInputElement).value).toBe("Day one");
    });
  });

  describe("editing a form", () => {
    it("starts from the form and saves the changes, then says 'Form updated successfully'", async () => {
      formList([aForm()]);
      const sent = updatedForms();
      renderTab();
      click("Edit", await rowOf("How was Lisbon?"));
      expect((within(dialog()).getByLabelText("Rating question 2") as HTMLInputElement).value).toBe("The food");
      type("Title", "How was Lisbon, really?");
      type("Rating question 2", "");
      click("Save");
      expect(await screen.findByText(FEEDBACK_TOASTS.updated)).toBeTruthy();
      expect(sent).toEqual([
        {
          formId: "f1",
          body: {
            title: "How was Lisbon, really?",
            description: "Tell us about the weekend.",
            fields: [{ label: "The venue" }],
            dataFields: [{ dataFieldLabel: "What could we do better?" }],
          },
        },
      ]);
    });

    it("keeps the questions of a form that has answers, saying why, and sends only the title and description", async () => {
      formList([aForm({ responsesCount: 2 })]);
      const sent = updatedForms();
      renderTab();
      click("Edit", await rowOf("How was Lisbon?"));
      expect(within(dialog()).getByText(FEEDBACK_MESSAGES.fieldsFrozen)).toBeTruthy();
      expect((within(dialog()).getByLabelText("Rating question 1") as HTMLInputElement).disabled).toBe(true);
      expect(within(dialog()).queryByRole("button", { name: "Add rating question" })).toBeNull();
      type("Description", "A new description");
      click("Save");
      await screen.findByText(FEEDBACK_TOASTS.updated);
      expect(sent[0]!.body).toEqual({ title: "How was Lisbon?", description: "A new description" });
    });
  });

  describe("publishing", () => {
    it("sends isActive true and says 'Form published successfully'", async () => {
      formList([aForm()]);
      const sent = updatedForms(() => updated(aForm({ isActive: true })));
      renderTab();
      click("Publish", await rowOf("How was Lisbon?"));
      expect(await screen.findByText(FEEDBACK_TOASTS.published)).toBeTruthy();
      expect(sent).toEqual([{ formId: "f1", body: { isActive: true } }]);
    });

    it("says 'Error publishing form' when it fails", async () => {
      formList([aForm()]);
      updatedForms(() => refuse(404, FEEDBACK_MESSAGES.formNotFound));
      renderTab();
      click("Publish", await rowOf("How was Lisbon?"));
      expect((await screen.findByText(FEEDBACK_TOASTS.publishFailed)).closest("[role=alert]")).toBeTruthy();
    });
  });

  describe("deleting", () => {
    it(`asks '${FEEDBACK_TOASTS.confirmDelete}', deletes, and says 'Form deleted successfully'`, async () => {
      const forms = [aForm()];
      formList(forms);
      const sent = deletedForms(() => {
        forms.pop();
        return deleted();
      });
      renderTab();
      click("Delete", await rowOf("How was Lisbon?"));
      expect(within(dialog()).getByText(FEEDBACK_TOASTS.confirmDelete)).toBeTruthy();
      expect(sent).toEqual([]);
      click("Delete", dialog());
      expect(await screen.findByText(FEEDBACK_TOASTS.deleted)).toBeTruthy();
      expect(sent.map((s) => s.formId)).toEqual(["f1"]);
      expect(await screen.findByText("No feedback forms yet")).toBeTruthy();
      expect(screen.queryByRole("dialog")).toBeNull();
    });

    it("sends nothing when the confirmation is cancelled", async () => {
      formList([aForm()]);
      const sent = deletedForms();
      renderTab();
      click("Delete", await rowOf("How was Lisbon?"));
      click("Cancel", dialog());
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(sent).toEqual([]);
    });

    it("says 'Error deleting form' when it fails", async () => {
      formList([aForm()]);
      deletedForms(() => refuse(404, FEEDBACK_MESSAGES.formNotFound));
      renderTab();
      click("Delete", await rowOf("How was Lisbon?"));
      click("Delete", dialog());
      expect((await screen.findByText(FEEDBACK_TOASTS.deleteFailed)).closest("[role=alert]")).toBeTruthy();
    });
  });

  it("reads the list again when a live change makes the experience's feedback stale", async () => {
    const forms = [aForm({ title: "Day one" })];
    formList(forms);
    const { client } = renderTab();
    await rowOf("Day one");
    forms.push(aForm({ id: "f2", title: "Day two" }));
    await client.invalidateQueries({ queryKey: feedbackKeys.event("ev1") });
    expect(await rowOf("Day two")).toBeTruthy();
  });
});
