import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "@web/lib/i18n";
import { Spinner } from "./spinner";

export type UploadStatus = "idle" | "uploading" | "done" | "error";
export const UPLOAD_TICK_MS = 700;
export const UPLOAD_ERROR_MS = 2500;

/** Spec: a spinner while uploading, then a tick for 700 ms, or an error for 2.5 s. */
export function useUploadStatus() {
  const [status, setStatus] = useState<UploadStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const track = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    clearTimeout(timer.current);
    setStatus("uploading");
    try {
      const result = await work();
      setStatus("done");
      timer.current = setTimeout(() => setStatus("idle"), UPLOAD_TICK_MS);
      return result;
    } catch (error) {
      setStatus("error");
      timer.current = setTimeout(() => setStatus("idle"), UPLOAD_ERROR_MS);
      throw error;
    }
  }, []);

  return { status, track };
}

/** The badge laid over an image while it uploads. */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  const i18n = useI18n();
  if (status === "idle") return null;
  return (
    <span className="absolute inset-0 grid place-items-center rounded-[inherit] bg-slate-900/45" data-testid={`upload-${status}`}>
      {status === "uploading" && <Spinner label={i18n._("Uploading")} className="size-7 border-white border-t-transparent" />}
      {status === "done" && (
        <span
          role="status"
          aria-label={i18n._("Uploaded")}
          className="grid size-8 place-items-center rounded-full bg-emerald-500 text-lg text-white"
        >
          ✓
        </span>
      )}
      {status === "error" && (
        <span
          role="alert"
          aria-label={i18n._("Upload failed")}
          className="grid size-8 place-items-center rounded-full bg-rose-500 text-lg font-bold text-white"
        >
          !
        </span>
      )}
    </span>
  );
}
