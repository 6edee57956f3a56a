import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { itineraryMeta, usePageMeta, type PageMeta } from "./page-meta";

function Page({ meta }: { meta: PageMeta | null }) {
  usePageMeta(meta);
  return null;
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");

describe("usePageMeta", () => {
  it("sets the itinerary's title, description and share image, and puts the old ones back", () => {
    document.title = "Experiences";
    const view = render(
      <Page meta={{ title: "Lisbon offsite", description: "Mar 12 – Mar 14, 2027 · 3 days", image: "/files/f1?e=1&s=x" }} />,
    );
    expect(document.title).toBe("Lisbon offsite · Experiences");
    expect(content('meta[name="description"]')).toBe("Mar 12 – Mar 14, 2027 · 3 days");
    expect(content('meta[property="og:title"]')).toBe("Lisbon offsite");
    expect(content('meta[property="og:image"]')).toBe(`${location.origin}/files/f1?e=1&s=x`);
    view.unmount();
    expect(document.title).toBe("Experiences");
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });

  it("changes nothing until the page knows its title", () => {
    document.title = "Experiences";
    render(<Page meta={null} />);
    expect(document.title).toBe("Experiences");
  });
});

describe("itineraryMeta", () => {
  const event = {
    name: "Alps Retreat",
    description: "",
    startTime: "2027-03-12T00:00:00.000Z",
    endTime: "2027-03-15T00:00:00.000Z",
    image: null,
    programs: [{}, {}, {}],
  } as never;

  it("describes an experience without a description as the share tags do: '3-day itinerary · Mar 12 – Mar 14, 2027'", () => {
    expect(itineraryMeta(event)).toEqual({
      title: "Alps Retreat",
      description: "3-day itinerary · Mar 12 – Mar 14, 2027",
      image: undefined,
    });
  });

  it("prefers the experience's own description", () => {
    expect(itineraryMeta({ ...(event as object), description: "Skiing and fondue" } as never).description).toBe("Skiing and fondue");
  });
});
