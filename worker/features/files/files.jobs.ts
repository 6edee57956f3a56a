import { sweepOrphanFiles } from "@worker/domain/orphan-sweep";
import { HOURLY_CRON, type Jobs } from "@worker/lib/jobs";

/**
 * Files' background work (docs/files-and-media.md): hourly, uploads a request left half-written, or that nothing names
 * any more (feed uploads never posted among them), are deleted once a day old.
 */
export const filesJobs: Jobs = { crons: { [HOURLY_CRON]: sweepOrphanFiles } };
