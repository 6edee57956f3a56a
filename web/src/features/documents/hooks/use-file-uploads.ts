import { useCallback, useEffect, useRef, useState } from "react";
import { UPLOAD_ERROR_MS, UPLOAD_TICK_MS } from "@web/components/ui/upload-status";
import { errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import type { DocumentKind } from "../api/upload-document";

type FileUploadStatus = "waiting" | "uploading" | "done" | "error";

export interface FileUpload {
  id: number;
  /** Whose list the file goes to: a guid, or `common`. */
  owner: string;
  name: string;
  status: FileUploadStatus;
  percent: number;
  error: string | null;
}

const UPLOAD_FAILED = /*i18n*/ "Failed to upload document";

/**
 * Files in flight at once. A Worker holds a whole upload in memory and one isolate may serve several of them,
 * so a drop of twenty 20 MB files goes two at a time rather than all together.
 */
export const PARALLEL_UPLOADS = 2;

interface UploadJob {
  id: number;
  owner: string;
  file: File;
  kind: DocumentKind | null;
}

type Send = (job: Omit<UploadJob, "id">, onProgress: (percent: number) => void) => Promise<unknown>;

/**
 * Each file uploads as its own request with its own progress. Spec 2 §4: a spinner while it uploads, then a
 * tick for 700 ms, or its error for 2.5 s, after which its row goes.
 */
export function useFileUploads(send: Send) {
  const [uploads, setUploads] = useState<FileUpload[]>([]);
  const queue = useRef<UploadJob[]>([]);
  const running = useRef(0);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    const pending = timers.current;
    return () => {
      queue.current = [];
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const update = useCallback(
    (id: number, patch: Partial<FileUpload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u))),
    [],
  );
  const removeAfter = useCallback((id: number, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setUploads((list) => list.filter((u) => u.id !== id));
    }, ms);
    timers.current.add(timer);
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const { id, ...job } = queue.current.shift()!;
      running.current += 1;
      update(id, { status: "uploading" });
      sendRef
        .current(job, (percent) => update(id, { percent }))
        .then(
          () => {
            update(id, { status: "done", percent: 100 });
            removeAfter(id, UPLOAD_TICK_MS);
          },
          (error: unknown) => {
            update(id, { status: "error", error: errorMessage(error, i18n._(UPLOAD_FAILED)) });
            removeAfter(id, UPLOAD_ERROR_MS);
          },
        )
        .finally(() => {
          running.current -= 1;
          pump();
        });
    }
  }, [update, removeAfter]);

  const start = useCallback(
    (owner: string, files: File[], kind: DocumentKind | null = null) => {
      const added = files.map((file): UploadJob => ({ id: nextId.current++, owner, file, kind }));
      setUploads((list) => [
        ...list,
        ...added.map(({ id, file }): FileUpload => ({ id, owner, name: file.name, status: "waiting", percent: 0, error: null })),
      ]);
      queue.current.push(...added);
      pump();
    },
    [pump],
  );

  return { uploads, start };
}
