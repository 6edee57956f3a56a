import { vi } from "vitest";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";

// The reader's zone is the browser's, which in jsdom is the machine's: every web test reads it from the stub that
// web/src/test/setup.ts puts in place (UTC), and a test about another reader names theirs.

/** The person reading is in `zone` (an IANA name) for the rest of this test. */
export const readerIn = (zone: string) => vi.mocked(viewerTimeZone).mockReturnValue(zone);
