import { z } from "zod";

// The file formats of every export (attendees, feedback answers): one query parameter, one media type each.

const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export const exportFormatField = z.enum(EXPORT_FORMATS, { error: /*i18n*/ "format must be csv or xlsx" });
