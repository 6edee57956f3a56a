import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { removeSavedFile, saveFile, savedFiles, savedFileUrl } from "@web/lib/saved-files";
import { useOnline } from "./use-online";

/** What this device keeps in Cache Storage: read offline too (it never touches the network). */
const savedFilesKey = ["saved-files"] as const;

export const useSavedFiles = () => useQuery({ queryKey: savedFilesKey, queryFn: savedFiles, networkMode: "always", staleTime: Infinity });

export function useSaveFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, name }: { url: string; name: string }) => saveFile(url, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFilesKey }),
  });
}

export function useRemoveSavedFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedFile,
    networkMode: "always",
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedFilesKey }),
  });
}

/**
 * Where to open `url` from: offline, the saved copy as an object URL (from caches.match, so it opens even without the
 * service worker); online, or when it was not saved, `url` itself.
 */
export function useOpenableUrl(url: string): string {
  const online = useOnline();
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (online) return;
    let objectUrl: string | null = null;
    let stopped = false;
    void savedFileUrl(url).then((found) => {
      if (stopped) {
        if (found) URL.revokeObjectURL(found);
        return;
      }
      objectUrl = found;
      setSaved(found);
    });
    return () => {
      stopped = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setSaved(null);
    };
  }, [online, url]);
  return (!online && saved) || url;
}
