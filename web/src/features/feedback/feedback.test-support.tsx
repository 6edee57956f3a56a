import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { http, HttpResponse, type DefaultBodyType, type PathParams } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import type { z } from "zod";
import { Toaster } from "@web/components/ui/toast";
import type { ExperienceTabContext } from "@web/hooks/use-experience-tab";
import { anExperience } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type {
  ActiveFeedback,
  AnswerBody,
  answerReceiptSchema,
  CreateFormBody,
  FeedbackResults,
  ManagedFeedbackForm,
  UpdateFormBody,
} from "@worker/features/feedback/feedback.schema";
import { FeedbackTab } from "./feedback-tab";
import { GuestFeedback } from "./guest-feedback";

// The Feedback tests share one fake API (MSW, typed with the server's own schemas) and one way to open each view.

const FORMS = "/api/events/ev1/form";
const ACTIVE = "/api/events/ev1/form/active";
const FORM = "/api/events/ev1/form/:formId";
export const RESULTS = "/api/events/ev1/form/:formId/response";

/** Draft "f1" of event "ev1": two rating questions and an open one, nobody has answered. */
export const aForm = (overrides: Partial<ManagedFeedbackForm> = {}): ManagedFeedbackForm => ({
  id: "f1",
  eventId: "ev1",
  title: "How was Lisbon?",
  description: "Tell us about the weekend.",
  isActive: false,
  fields: [
    { id: "q1", label: "The venue" },
    { id: "q2", label: "The food" },
  ],
  dataFields: [{ id: "d1", dataFieldLabel: "What could we do better?" }],
  createdAt: "2027-03-14T10:00:00.000Z",
  updatedAt: null,
  responsesCount: 0,
  ...overrides,
});

/** Answers the list with `forms`, as they are when asked (a test may change them between reads). */
export function formList(forms: ManagedFeedbackForm[]) {
  server.use(http.get<PathParams, never, ManagedFeedbackForm[]>(FORMS, () => HttpResponse.json(forms)));
}

/** Records each body sent to `method` on `path`, answered with `reply` (status 200 unless given). */
function recordBodies<Body extends DefaultBodyType>(method: "post" | "put" | "delete", path: string, reply: () => Response) {
  const bodies: { formId: string | undefined; body: Body | null }[] = [];
  server.use(
    http[method]<{ formId?: string }, Body>(path, async ({ request, params }) => {
      const text = await request.text();
      bodies.push({ formId: params.formId, body: text ? (JSON.parse(text) as Body) : null });
      return reply();
    }),
  );
  return bodies;
}

const created = (form: ManagedFeedbackForm = aForm({ id: "f9" })) => HttpResponse.json<ManagedFeedbackForm>(form, { status: 201 });
export const updated = (form: ManagedFeedbackForm = aForm()) => HttpResponse.json<ManagedFeedbackForm>(form);
export const deleted = () => HttpResponse.json<{ success: true }>({ success: true });
const stored = () =>
  HttpResponse.json<z.infer<typeof answerReceiptSchema>>(
    { id: "r1", formId: "f1", createdAt: "2027-03-15T10:00:00.000Z" },
    { status: 201 },
  );

export const createdForms = (reply: () => Response = created) => recordBodies<CreateFormBody>("post", FORMS, reply);
export const updatedForms = (reply: () => Response = updated) => recordBodies<UpdateFormBody>("put", FORM, reply);
export const deletedForms = (reply: () => Response = deleted) => recordBodies<null>("delete", FORM, reply);
export const answers = (reply: () => Response = stored) => recordBodies<AnswerBody>("post", RESULTS, reply);

export function results(body: FeedbackResults) {
  server.use(http.get<PathParams, never, FeedbackResults>(RESULTS, () => HttpResponse.json(body)));
}

/** The published form as a guest reads it; counts how often it was read. */
export function activeForm(active: ActiveFeedback) {
  const reads = { count: 0 };
  server.use(
    http.get<PathParams, never, ActiveFeedback>(ACTIVE, () => {
      reads.count++;
      return HttpResponse.json(active);
    }),
  );
  return reads;
}

/** Toasts outlive a test's page (they are module state): each test starts without the last one's. */
export function dismissToasts() {
  for (const button of screen.queryAllByRole("button", { name: "Dismiss" })) fireEvent.click(button);
}

function withProviders(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** The Feedback tab in manage mode, inside the event page's outlet, as the owner of "ev1". */
export function renderTab() {
  const context: ExperienceTabContext = { event: anExperience(), manage: true, canEdit: true };
  return withProviders(
    <MemoryRouter>
      <Routes>
        <Route element={<Outlet context={context} />}>
          <Route index element={<FeedbackTab />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** An attending guest of "ev1". */
const asGuest = { isOwner: false, isHost: false, isGuest: true } as const;

/** The end of the event page's tab bar, as `event` says the viewer is. */
export const renderTabBarEnd = (event: Partial<ExperienceDetail> = asGuest, manage = false) =>
  withProviders(<GuestFeedback event={anExperience(event)} manage={manage} />);
