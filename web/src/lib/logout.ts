import { client, data } from "./api-client";
import { clearOfflineCache } from "./offline-cache";
import { profileKeys } from "./queries/query-keys";
import { queryClient } from "./query-client";
import { forgetSavedFiles } from "./saved-files";
import { session } from "./session";

/**
 * Spec 1 §4: call the logout endpoint, clear local storage, refresh the profile query, go to the root path. What was
 * kept for offline use (the query cache in IndexedDB, the saved files) goes too: the next person on this device sees none of it.
 */
export async function logout(navigate: (path: string) => void) {
  const refreshToken = session.refreshToken();
  try {
    await data(client.auth.logout.$post(undefined, { headers: refreshToken ? { RefreshToken: `Bearer ${refreshToken}` } : {} }));
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  session.clear();
  queryClient.clear();
  await Promise.all([clearOfflineCache(), forgetSavedFiles()]).catch(() => undefined);
  await queryClient.invalidateQueries({ queryKey: profileKeys.current });
  navigate("/");
}
