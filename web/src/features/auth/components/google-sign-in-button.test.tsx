import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GoogleSignInButton } from "./google-sign-in-button";

const renderWith = (googleClientId: string | null) => {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(JSON.stringify({ googleClientId, imageSearch: false, places: false }), { headers: { "Content-Type": "application/json" } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <GoogleSignInButton />
    </QueryClientProvider>,
  );
};

afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelectorAll("script[src*='accounts.google.com']").forEach((s) => s.remove());
});

describe("the Google sign-in button", () => {
  it("is not shown when the Worker has no Google client id", async () => {
    const { container } = renderWith(null);
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(container.innerHTML).toBe("");
    expect(document.head.querySelector("script[src*='accounts.google.com']")).toBeNull();
  });

  it("loads Google Identity Services when a client id is configured", async () => {
    renderWith("client-123.apps.googleusercontent.com");
    await waitFor(() => expect(document.head.querySelector("script[src='https://accounts.google.com/gsi/client']")).not.toBeNull());
  });
});
