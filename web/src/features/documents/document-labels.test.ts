import { describe, expect, it } from "vitest";
import { documentTypeLabel } from "./document-labels";

describe("documentTypeLabel (spec 2 §3: snake_case, or 'other' with otherDocumentType)", () => {
  it.each([
    ["boarding_pass", "Boarding pass"],
    ["passport", "Passport"],
    ["travel_insurance_policy", "Travel insurance policy"],
    ["pdf", "PDF"],
    ["image", "Image"],
  ])("reads %s as '%s'", (type, label) => {
    expect(documentTypeLabel({ type, otherDocumentType: null })).toBe(label);
  });

  it("reads 'other' as the kind of document its uploader gave", () => {
    expect(documentTypeLabel({ type: "other", otherDocumentType: "Vaccination card" })).toBe("Vaccination card");
  });

  it("reads 'other' without a kind as 'Other'", () => {
    expect(documentTypeLabel({ type: "other", otherDocumentType: "  " })).toBe("Other");
  });
});
