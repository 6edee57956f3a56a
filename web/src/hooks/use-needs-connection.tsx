import { useId } from "react";
import { NEEDS_CONNECTION, useOnline } from "./use-online";

/**
 * For a control that needs the network: offline, `props` disable it and name the reason ('Needs a connection') as its
 * title and description; render `reason` beside it (a hidden element the description points to).
 */
export function useNeedsConnection() {
  const online = useOnline();
  const id = useId();
  if (online) return { offline: false, props: {}, reason: null } as const;
  return {
    offline: true,
    props: { disabled: true, title: NEEDS_CONNECTION, "aria-describedby": id },
    reason: (
      <span id={id} hidden>
        {NEEDS_CONNECTION}
      </span>
    ),
  } as const;
}
