import { useEffect } from "react";
import { formatDateRange } from "@web/lib/dates";
import { i18n } from "@web/lib/i18n";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";

export interface PageMeta {
  title: string;
  description?: string;
  image?: string | null;
}

/** The head tags a page sets: [selector, the attributes that create the tag when it is missing]. */
const TAGS = {
  description: ['meta[name="description"]', { name: "description" }],
  ogTitle: ['meta[property="og:title"]', { property: "og:title" }],
  ogDescription: ['meta[property="og:description"]', { property: "og:description" }],
  ogImage: ['meta[property="og:image"]', { property: "og:image" }],
} as const;

function setTag([selector, attributes]: (typeof TAGS)[keyof typeof TAGS], content: string): () => void {
  let tag = document.head.querySelector<HTMLMetaElement>(selector);
  const created = !tag;
  if (!tag) {
    tag = document.createElement("meta");
    for (const [key, value] of Object.entries(attributes)) tag.setAttribute(key, value);
    document.head.append(tag);
  }
  const previous = tag.getAttribute("content");
  tag.setAttribute("content", content);
  return () => {
    if (created) tag.remove();
    else if (previous === null) tag.removeAttribute("content");
    else tag.setAttribute("content", previous);
  };
}

/**
 * Sets the page's title, description and share image while the page is shown (spec 2 §2), and puts back
 * what was there before. Link previews get the same tags from the Worker, which runs no JavaScript.
 */
export function usePageMeta(meta: PageMeta | null | undefined) {
  const title = meta?.title;
  const description = meta?.description ?? null;
  const image = meta?.image ?? null;
  useEffect(() => {
    if (!title) return;
    const previousTitle = document.title;
    document.title = `${title} · Experiences`;
    const restores = [setTag(TAGS.ogTitle, title)];
    if (description) restores.push(setTag(TAGS.description, description), setTag(TAGS.ogDescription, description));
    if (image) restores.push(setTag(TAGS.ogImage, new URL(image, location.origin).href));
    return () => {
      document.title = previousTitle;
      for (const restore of restores) restore();
    };
  }, [title, description, image]);
}

/** An experience's tags, worded as the Worker words the share tags: its description, else "3-day itinerary · Mar 12 – Mar 14, 2027". */
export function itineraryMeta(event: PublicItinerary): PageMeta {
  const days = event.programs.length;
  const summary = i18n._("{days, plural, one {#-day itinerary} other {#-day itinerary}} · {dates}", {
    days,
    dates: formatDateRange(event.startTime, event.endTime, event.timeZone),
  });
  return { title: event.name, description: event.description.trim() || summary, image: event.image?.original };
}
