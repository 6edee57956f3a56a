import { z } from "zod";
import { exportFormatField } from "@worker/shared/export-format";

// The sign-up export's contract (docs/exports-and-history.md): an activity's list of who is in and who waits, in a format.

export const signupsExportQuerySchema = z.object({ format: exportFormatField });
