import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/** Why a control that needs the network is disabled while offline. */
/** Its English source: word it with `i18n._(NEEDS_CONNECTION)` where it is shown. */
export const NEEDS_CONNECTION = /*i18n*/ "Needs a connection";

const isOnline = () => onlineManager.isOnline();

/**
 * Whether the browser is online, as TanStack Query's onlineManager tracks it (the browser's online and offline
 * events, and navigator.onLine at start: web/src/lib/query-client.ts). Queries pause offline and refetch when it
 * comes back, so the app and its queries never disagree about the network.
 */
export const useOnline = (): boolean =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    isOnline,
    () => true,
  );
