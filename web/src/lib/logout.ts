import { client, data } from "./api-client";
import { queryClient } from "./query-client";
import { profileKeys } from "./query-keys";
import { session } from "./session";

/** Spec 1 §4: call the logout endpoint, clear local storage, refresh the profile query, go to the root path. */
export async function logout(navigate: (path: string) => void) {
  const refreshToken = session.refreshToken();
  try {
    await data(client.auth.logout.$post(undefined, { headers: refreshToken ? { RefreshToken: `Bearer ${refreshToken}` } : {} }));
  } catch {
    // Signing out locally must work even when the server cannot be reached.
  }
  session.clear();
  queryClient.clear();
  await queryClient.invalidateQueries({ queryKey: profileKeys.current });
  navigate("/");
}
