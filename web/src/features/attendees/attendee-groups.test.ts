import { describe, expect, it } from "vitest";
import { i18n } from "@web/lib/i18n";
import { readIn } from "@web/test/words";
import { GROUP_LABEL, RSVP_STATUS_LABEL } from "@worker/shared/attendee-groups";

describe("the Attendees tab's group buttons and status badges", () => {
  it("read in the page's language (the pseudo-locale brackets every catalog word)", async () => {
    await readIn("en-XA");
    for (const label of [...Object.values(GROUP_LABEL), ...Object.values(RSVP_STATUS_LABEL)]) expect(i18n._(label)).toMatch(/^⟦.*⟧$/);
  });
});
