import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiAs } from "@worker/test/client";
import { PDF } from "@worker/test/files";
import { call, makeUser } from "@worker/test/helpers";
import { experience } from "@worker/test/itinerary";

describe("document uploads racing the experience's deletion", () => {
  it("answer 201, 404 or 409, never 500, and leave nothing of the experience in R2", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const upload = () => {
      const body = new FormData();
      body.append("files", new File([PDF], "agenda.pdf"));
      return call(`/api/documents/event/${event.id}/common`, { method: "POST", token: owner.token, body });
    };

    const [deleted, ...uploads] = await Promise.all([
      apiAs(owner.token).api.events[":id"].$delete({ param: { id: event.id } }),
      ...Array.from({ length: 8 }, upload),
    ]);

    expect(deleted.status).toBe(200);
    for (const res of uploads) expect([201, 404, 409]).toContain(res.status);
    const left = await env.FILES.list({ prefix: `events/${event.id}/` });
    expect(left.objects).toEqual([]);
  });
});
