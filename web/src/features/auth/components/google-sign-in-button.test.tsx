import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../../../lib/session";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function answer(gauth: () => Response) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const path = new URL(String(input), "http://test").pathname;
    if (path === "/oapi/config") return json(200, { googleClientId: "client-1.apps.googleusercontent.com", imageSearch: false, places: false });
    if (path === "/auth/gauth") return gauth();
    return json(404, { error: "unexpected" });
  });
}

/** A fresh copy of the module each time: it remembers Google's script once loaded. */
async function renderButton() {
  vi.resetModules();
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
    answer(() => json(401, { error: "Invalid Google credential" }));
    const registered = googleLoads();
    await renderButton();
    await waitFor(() => expect(registered()).toBeTruthy());
    await act(async () => registered()!({ credential: "bad" }));
    expect(await screen.findByText("Error signing in with Google")).toBeTruthy();
    expect(session.user()).toBeNull();
  });

  it("leaves the button out, with no error, when Google's script cannot load", async () => {
    answer(() => json(500, {}));
    let script: HTMLScriptElement | undefined;
    vi.spyOn(document.head, "appendChild").mockImplementation((node) => (script = node as HTMLScriptElement));
    await renderButton();
    expect(await screen.findByText("or")).toBeTruthy();
    await act(async () => script!.onerror?.(new Event("error")));
    expect(screen.queryByText("or")).toBeNull();
    expect(screen.queryByText("Error signing in with Google")).toBeNull();
  });
});
