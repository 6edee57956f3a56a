// Local storage under the cp.v1 prefix; an entry may carry an expiry, after which it reads as absent.
const PREFIX = "cp.v1.";

interface Entry<T> {
  value: T;
  expiresAt?: number;
}

export const storage = {
  get<T>(key: string): T | null {
    try {
      const raw = localStorage.getItem(PREFIX + key);
      if (raw === null) return null;
      const entry = JSON.parse(raw) as Entry<T>;
      if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
        localStorage.removeItem(PREFIX + key);
        return null;
      }
      return entry.value;
    } catch {
      return null;
    }
  },
  set<T>(key: string, value: T, ttlMs?: number): void {
    const entry: Entry<T> = ttlMs === undefined ? { value } : { value, expiresAt: Date.now() + ttlMs };
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify(entry));
    } catch {
      // Storage full or disabled (private mode): the app still works for this page's life.
    }
  },
  remove(key: string): void {
    localStorage.removeItem(PREFIX + key);
  },
  /** Removes every key of ours, leaving other apps' keys alone. */
  clear(): void {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  },
};

export const STORAGE_KEYS = {
  user: "currentUser",
  authToken: "authToken",
  refreshToken: "refreshToken",
  bannerShownAt: "downloadBannerShownAt",
  /** The home-screen banner was dismissed: it never shows again on this browser. */
  bannerDismissed: "homeScreenBannerDismissed",
  /** Whose clock times are shown on (web/src/hooks/use-time-view.ts). */
  timeView: "timeView",
  /** This device's name at the check-in gate ('Gate 1'; features/checkin). */
  checkinDevice: "checkinDevice",
  /** navigator.storage.persist() was asked, at the first 'Save for offline' (web/src/lib/saved-files.ts). */
  storagePersistAsked: "storagePersistAsked",
  /** Per experience, the change-log seq known when the page went offline (features/offline). */
  offlineSince: "offlineSince",
} as const;
