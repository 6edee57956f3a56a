import { useId } from "react";
import { useI18n } from "@web/lib/i18n";
import { NEEDS_CONNECTION, useOnline } from "./use-online";

/**
 * For a control that needs the network: offline, `props` disable it and name the reason ('Needs a connection') as its
 * title and description; render `reason` beside it (a hidden element the description points to).
 */
export function useNeedsConnection() {
  const i18n = useI18n();
  const online = useOnline();
  const id = useId();
  if (online) return { offline: false, props: {}, reason: null } as const;
  const reason = i18n._(NEEDS_CONNECTION);
  return {
    offline: true,
    props: { disabled: true, title: reason, "aria-describedby": id },
    reason: (
      <span id={id} hidden>
        {reason}
      </span>
    ),
  } as const;
}
