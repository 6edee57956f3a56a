import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "@web/lib/session";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";

function answer(gauth: () => Response) {
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({
        googleClientId: "client-1.apps.googleusercontent.com",
        imageSearch: false,
        places: false,
        pushPublicKey: "test-key",
      }),
    ),
    http.post<PathParams, never, ErrorBody>("/auth/gauth", gauth),
  );
}

/** A fresh copy of the module each time: it remembers Google's script once loaded. */
async function renderButton() {
  vi.resetModules();
  // The fresh modules have a translator of their own, in no language yet.
  await (await import("@web/lib/i18n")).activateLanguage("en");
  const { GoogleSignInButton } = await import("./google-sign-in-button");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <GoogleSignInButton />
    </QueryClientProvider>,
  );
}

/** Google's script, as far as the button uses it: the callback it registers is handed back to the test. */
function googleLoads() {
  let callback: ((response: { credential: string }) => void) | undefined;
  window.google = { accounts: { id: { initialize: (options) => void (callback = options.callback), renderButton: () => {} } } };
  vi.spyOn(document.head, "appendChild").mockImplementation((node) => {
    queueMicrotask(() => (node as HTMLScriptElement).onload?.(new Event("load")));
    return node;
  });
  return () => callback;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.google;
  session.clear();
});

describe("GoogleSignInButton", () => {
  it("shows 'Error signing in with Google' when Google's credential is refused", async () => {
    answer(() => refuse(401, "Invalid Google credential"));
    const registered = googleLoads();
    await renderButton();
    await waitFor(() => expect(registered()).toBeTruthy());
    await act(async () => registered()!({ credential: "bad" }));
    expect(await screen.findByText("Error signing in with Google")).toBeTruthy();
    expect(session.user()).toBeNull();
  });

  it("leaves the button out, with no error, when Google's script cannot load", async () => {
    answer(() => refuse(500, "Something went wrong. Please try again."));
    let script: HTMLScriptElement | undefined;
    vi.spyOn(document.head, "appendChild").mockImplementation((node) => (script = node as HTMLScriptElement));
    await renderButton();
    expect(await screen.findByText("or")).toBeTruthy();
    await act(async () => script!.onerror?.(new Event("error")));
    expect(screen.queryByText("or")).toBeNull();
    expect(screen.queryByText("Error signing in with Google")).toBeNull();
  });
});
