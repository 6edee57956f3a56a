import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/** The query parameter that opens an activity in the itinerary (its day selected, its details shown): the 'Next up' card's link. */
export const OPEN_ACTIVITY_PARAM = "activity";

/** The activity the address asks to open, and a way to drop the request once it is open (so the same link opens it again). */
export function useOpenActivity(): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const opened = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OPEN_ACTIVITY_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [params.get(OPEN_ACTIVITY_PARAM), opened];
}
