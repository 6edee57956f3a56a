import { describe, expect, it } from "vitest";
import { apiAs, apiWith } from "@worker/test/client";
import { makeUser } from "@worker/test/helpers";
import { fakeAi } from "@worker/test/workers-ai";

describe("GET /api/ai (which generator builds itineraries)", () => {
  it("answers 'offline' where the deployment has no AI binding, as locally and in tests", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.ai.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ generator: "offline" });
  });

  it("answers 'workers-ai' where the AI binding is set", async () => {
    const owner = await makeUser();
    const response = await apiWith({ AI: fakeAi() as unknown as Ai }, owner.token).api.ai.$get();
    expect(await response.json()).toEqual({ generator: "workers-ai" });
  });

  it("answers 401 to a caller who is not signed in", async () => {
    expect((await apiAs().api.ai.$get()).status).toBe(401);
  });
});
