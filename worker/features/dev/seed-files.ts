import type { Bindings } from "@worker/env";
import { putFile, type FileRow } from "@worker/lib/files";

/**
 * The demo experience's pictures and documents: static assets (web/public/demo, written by
 * scripts/make-demo-files.mjs) that the seed copies into R2 as if they had been uploaded, so the feed, the bulletin
 * and the Documents tab show real files, served, sized and signed like anyone's.
 */
export const DEMO_FILES = {
  tram: { path: "/demo/tram.jpg", name: "tram-28.jpg", mimeType: "image/jpeg", kind: "image", width: 960, height: 720 },
  sunset: { path: "/demo/sunset.jpg", name: "tagus-sunset.jpg", mimeType: "image/jpeg", kind: "image", width: 960, height: 720 },
  tiles: { path: "/demo/tiles.jpg", name: "azulejos.jpg", mimeType: "image/jpeg", kind: "image", width: 960, height: 720 },
  welcomePack: { path: "/demo/welcome-pack.pdf", name: "Welcome pack.pdf", mimeType: "application/pdf", kind: "document" },
  eTicket: { path: "/demo/e-ticket.pdf", name: "E-ticket TP 1351.pdf", mimeType: "application/pdf", kind: "document" },
} as const;

export type DemoFile = keyof typeof DEMO_FILES;

/** Copies each demo file from the static assets into R2; the rows are for the seed's batch to insert. */
export async function putDemoFiles(env: Bindings, eventId: string, uploaderId: string): Promise<Record<DemoFile, FileRow>> {
  const entries = await Promise.all(
    (Object.keys(DEMO_FILES) as DemoFile[]).map(async (key) => {
      const file = DEMO_FILES[key];
      const response = await env.ASSETS.fetch(new Request(new URL(file.path, env.APP_ORIGIN)));
      if (!response.ok) throw new Error(`The demo file ${file.path} is missing from the static assets: run npm run build first.`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const row = await putFile(env, { bytes, mimeType: file.mimeType, kind: file.kind, name: file.name }, { eventId, uploaderId });
      return [key, row] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DemoFile, FileRow>;
}
