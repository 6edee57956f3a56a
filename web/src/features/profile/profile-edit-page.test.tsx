import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { UserView } from "@worker/shared/views.schema";
import { addInterest, ProfileEditPage } from "./profile-edit-page";

describe("interests", () => {
  it("are trimmed", () => expect(addInterest([], "  hiking ")).toEqual(["hiking"]));
  it("ignore empty ones", () => expect(addInterest(["a"], "   ")).toEqual(["a"]));
  it("do not add duplicates", () => expect(addInterest(["Hiking"], "hiking")).toEqual(["Hiking"]));
});

describe("the profile picture", () => {
  afterEach(() => session.clear());

  it("is chosen through a file input labelled 'Change profile picture', which the picture itself opens", async () => {
    const user = aUser();
    session.save({ authToken: "a", refreshToken: "r", user });
    const uploads: File[] = [];
    server.use(
      http.get<PathParams, never, UserView>("/api/profile/user", () => HttpResponse.json(user)),
      http.post<PathParams, never, UserView>("/api/profile/profile-picture", async ({ request }) => {
        uploads.push((await request.formData()).get("file") as File);
        return HttpResponse.json(user);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProfileEditPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    // The label holds the picture (its initials hidden from screen readers) and the words.
    const input = (await screen.findByLabelText(/Change profile picture$/)) as HTMLInputElement;
    expect(input.type).toBe("file");
    expect(input.accept).toBe("image/*");
    expect(input.closest("label")!.textContent).toContain("AL");
    // One control per action for the keyboard: the input itself is skipped, Upload photo opens it.
    expect(input.tabIndex).toBe(-1);
    expect(screen.getByRole("button", { name: "Upload photo" })).toBeTruthy();

    fireEvent.change(input, { target: { files: [new File(["x"], "me.png", { type: "image/png" })] } });
    await waitFor(() => expect(uploads.map((f) => f.name)).toEqual(["me.png"]));
  });
});
