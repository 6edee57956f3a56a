import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { vi } from "vitest";
import type { z } from "zod";
import { server, type ErrorBody } from "@web/test/server";
import type { importReportSchema, invitationsSchema } from "@worker/features/rsvp/rsvp.schema";
import { InviteGuestsModal } from "./invite-guests-modal";

// The Invite Guests tests share one fake API (MSW) that records what each call received.
export type Invitations = z.infer<typeof invitationsSchema>;
export type ImportReport = z.infer<typeof importReportSchema>;

export const EVENT_ID = "ev1";

/** The JSON bodies POST /api/rsvp received; `reply` answers each. */
export function answerInvites(reply: (invitees: string[]) => Response) {
  const received: unknown[] = [];
  server.use(
    http.post<PathParams, { invitees: string[] }, Invitations | ErrorBody>("/api/rsvp", async ({ request }) => {
      const body = await request.json();
      received.push(body);
      return reply(body.invitees);
    }),
  );
  return received;
}

export const invitedAll = (invitees: string[]) =>
  HttpResponse.json<Invitations>({ invited: invitees, alreadyInvited: [], unreachable: [] }, { status: 201 });

/** The multipart fields POST /api/rsvp/upload received; `reply` answers each. */
export function answerUploads(reply: () => Response | Promise<Response>) {
  const received: Record<string, FormDataEntryValue>[] = [];
  server.use(
    http.post<PathParams, never, ImportReport | ErrorBody>("/api/rsvp/upload", async ({ request }) => {
      received.push(Object.fromEntries(await request.formData()));
      return reply();
    }),
  );
  return received;
}

/** Renders the modal for event "ev1" (open unless told); answers its close callback and the query client, to watch invalidations. */
export function openInviteGuests({ open = true } = {}) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <InviteGuestsModal eventId={EVENT_ID} open={open} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, queryClient };
}

/** The e-mail inputs, in order. */
export const emailBoxes = () => screen.getAllByRole<HTMLInputElement>("textbox", { name: /^Email address \d+$/ });
