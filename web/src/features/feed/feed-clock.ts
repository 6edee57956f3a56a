import { createContext, useContext } from "react";
import { DEFAULT_TIME_ZONE } from "@worker/shared/time-zone";

/** The experience's zone, for the moments a post or comment shows when pointed at: set once by Feed. */
export const FeedClock = createContext<string>(DEFAULT_TIME_ZONE);

export const useFeedClock = () => useContext(FeedClock);
