import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@web/components/ui/toast";
import { rsvpKeys } from "@web/lib/queries/query-keys";
import { refuse } from "@web/test/server";
import { INVITE_MAX_ADDRESSES, RSVP_MESSAGES, RSVP_TOASTS, UNREACHABLE_REASONS } from "@worker/features/rsvp/rsvp.schema";
import { alreadyInvitedNotice } from "./api/invite-guests";
import { answerInvites, emailBoxes, EVENT_ID, invitedAll, openInviteGuests, type Invitations } from "./invite.test-support";

const type = (box: HTMLInputElement, value: string) => fireEvent.change(box, { target: { value } });
const press = (box: HTMLInputElement, key: string) => fireEvent.keyDown(box, { key });
const send = () => screen.getByRole("button", { name: "Send Invitations" });

afterEach(() => vi.restoreAllMocks());

describe("Invite by Email", () => {
  it("opens on 'Invite by Email' with one empty address field, focused", () => {
    openInviteGuests();
    expect(screen.getByRole("tab", { name: "Invite by Email" }).getAttribute("aria-selected")).toBe("true");
    expect(emailBoxes()).toHaveLength(1);
    expect(emailBoxes()[0]!.type).toBe("email");
    expect(emailBoxes()[0]!.required).toBe(true);
    expect(document.activeElement).toBe(emailBoxes()[0]);
  });

  it("adds a field and focuses it when Enter is pressed after a valid address", () => {
    openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    press(emailBoxes()[0]!, "Enter");
    expect(emailBoxes()).toHaveLength(2);
    expect(document.activeElement).toBe(emailBoxes()[1]);
  });

  it("adds no field when Enter is pressed after an invalid address or a blank field, and names the invalid one", () => {
    openInviteGuests();
    press(emailBoxes()[0]!, "Enter");
    expect(emailBoxes()).toHaveLength(1);
    type(emailBoxes()[0]!, "ana@example");
    press(emailBoxes()[0]!, "Enter");
    expect(emailBoxes()).toHaveLength(1);
    expect(screen.getByText(RSVP_MESSAGES.invalidInvitee("ana@example"))).toBeTruthy();
  });

  it("removes an empty field on Backspace and focuses the one before it", () => {
    openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    press(emailBoxes()[0]!, "Enter");
    press(emailBoxes()[1]!, "Backspace");
    expect(emailBoxes()).toHaveLength(1);
    expect(emailBoxes()[0]!.value).toBe("ana@example.com");
    expect(document.activeElement).toBe(emailBoxes()[0]);
  });

  it("names each remove button after its address ('Remove ana@example.com'), or its place while it is blank", () => {
    openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    press(emailBoxes()[0]!, "Enter");
    expect(screen.getByRole("button", { name: "Remove email address 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove ana@example.com" }));
    expect(emailBoxes()).toHaveLength(1);
    expect(emailBoxes()[0]!.value).toBe("");
  });

  it("keeps a field that still holds text on Backspace, and never removes the last field", () => {
    openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    press(emailBoxes()[0]!, "Enter");
    type(emailBoxes()[1]!, "b");
    press(emailBoxes()[1]!, "Backspace");
    expect(emailBoxes()).toHaveLength(2);
    type(emailBoxes()[1]!, "");
    press(emailBoxes()[1]!, "Backspace");
    type(emailBoxes()[0]!, "");
    press(emailBoxes()[0]!, "Backspace");
    expect(emailBoxes()).toHaveLength(1);
  });

  it("disables Send Invitations while every field is blank", () => {
    openInviteGuests();
    expect(send()).toHaveProperty("disabled", true);
    type(emailBoxes()[0]!, "   ");
    expect(send()).toHaveProperty("disabled", true);
    type(emailBoxes()[0]!, "ana@example.com");
    expect(send()).toHaveProperty("disabled", false);
  });

  it("sends the addresses without the blank fields, says 'Invitations Sent!', refreshes the guest list and closes", async () => {
    const received = answerInvites(invitedAll);
    const success = vi.spyOn(toast, "success");
    const { onClose, queryClient } = openInviteGuests();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    type(emailBoxes()[0]!, "ana@example.com");
    press(emailBoxes()[0]!, "Enter");
    type(emailBoxes()[1]!, "bo@example.com");
    press(emailBoxes()[1]!, "Enter");
    expect(emailBoxes()).toHaveLength(3);
    fireEvent.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(received).toEqual([{ eventId: EVENT_ID, invitees: ["ana@example.com", "bo@example.com"], selfInvited: false }]);
    expect(success).toHaveBeenCalledWith(RSVP_TOASTS.invitationsSent);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: rsvpKeys.event(EVENT_ID) });
  });

  it("says who was already invited, and 'Invitations Sent!' only when someone new was invited", async () => {
    answerInvites(() =>
      HttpResponse.json<Invitations>({ invited: [], alreadyInvited: ["ana@example.com"], unreachable: [] }, { status: 201 }),
    );
    const success = vi.spyOn(toast, "success");
    const info = vi.spyOn(toast, "info");
    const { onClose } = openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    fireEvent.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // Each address is bidi-isolated (FSI … PDI), so an override in one cannot reverse the words after it.
    expect(info).toHaveBeenCalledWith("Already invited: \u2068ana@example.com\u2069", expect.any(Number));
    expect(success).not.toHaveBeenCalled();
  });

  it("names the addresses invited but not e-mailed, with the reason: they unsubscribed, or had today's invitation e-mails", async () => {
    answerInvites(() =>
      HttpResponse.json<Invitations>(
        {
          invited: ["ana@example.com", "bo@example.com"],
          alreadyInvited: [],
          unreachable: [
            { email: "ana@example.com", reason: UNREACHABLE_REASONS.unsubscribedAll },
            { email: "bo@example.com", reason: UNREACHABLE_REASONS.dailyCap },
          ],
        },
        { status: 201 },
      ),
    );
    const info = vi.spyOn(toast, "info");
    const { onClose } = openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    fireEvent.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(info).toHaveBeenCalledWith(
      "Not e-mailed: \u2068ana@example.com\u2069 (Unsubscribed from all invitations), \u2068bo@example.com\u2069 (Already received 3 invitation e-mails today)",
      expect.any(Number),
    );
  });

  it("shows the daily quota's message in the form, and keeps the addresses", async () => {
    answerInvites(() => refuse(429, RSVP_MESSAGES.dailyQuota(1000, 3)));
    const { onClose } = openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    fireEvent.click(send());
    expect(await screen.findByText(RSVP_MESSAGES.dailyQuota(1000, 3))).toBeTruthy();
    expect(emailBoxes()[0]!.value).toBe("ana@example.com");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("names at most three addresses already invited, then how many more", () => {
    expect(alreadyInvitedNotice(["a@x.io", "b@x.io", "c@x.io", "d@x.io", "e@x.io"])).toBe(
      "Already invited: \u2068a@x.io\u2069, \u2068b@x.io\u2069, \u2068c@x.io\u2069 and 2 more",
    );
  });

  it("shows the schema's message next to an invalid address and sends nothing", () => {
    const received = answerInvites(invitedAll);
    openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    press(emailBoxes()[0]!, "Enter");
    type(emailBoxes()[1]!, "bo at example.com");
    fireEvent.click(send());
    const message = screen.getByText(RSVP_MESSAGES.invalidInvitee("bo at example.com"));
    expect(emailBoxes()[1]!.getAttribute("aria-describedby")).toBe(message.id);
    expect(document.activeElement).toBe(emailBoxes()[1]);
    expect(received).toHaveLength(0);
  });

  it(`refuses more than ${INVITE_MAX_ADDRESSES} addresses with the schema's message, sending nothing`, () => {
    const received = answerInvites(invitedAll);
    openInviteGuests();
    // A plain selector: role queries over two hundred fields would make this test slow, not more exact.
    const lastBox = () => [...document.querySelectorAll<HTMLInputElement>('input[type="email"]')].at(-1)!;
    for (let i = 0; i <= INVITE_MAX_ADDRESSES; i++) {
      type(lastBox(), `guest${i}@example.com`);
      if (i < INVITE_MAX_ADDRESSES) press(lastBox(), "Enter");
    }
    expect(emailBoxes()).toHaveLength(INVITE_MAX_ADDRESSES + 1);
    fireEvent.click(send());
    expect(screen.getByText(RSVP_MESSAGES.tooManyInvitees)).toBeTruthy();
    expect(received).toHaveLength(0);
  }, 30_000);

  it("shows the server's reason when it refuses, and stays open with the addresses", async () => {
    answerInvites(() => refuse(403, "Only the owner and hosts can invite guests"));
    const { onClose } = openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    fireEvent.click(send());
    expect(await screen.findByText("Only the owner and hosts can invite guests")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(emailBoxes()[0]!.value).toBe("ana@example.com");
  });

  it("keeps the typed addresses when switching to 'Upload File' and back", () => {
    openInviteGuests();
    type(emailBoxes()[0]!, "ana@example.com");
    fireEvent.click(screen.getByRole("tab", { name: "Upload File" }));
    expect(screen.queryAllByRole("textbox")).toHaveLength(0);
    fireEvent.click(screen.getByRole("tab", { name: "Invite by Email" }));
    expect(emailBoxes()[0]!.value).toBe("ana@example.com");
  });
});
