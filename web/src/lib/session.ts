import type { InferResponseType } from "hono/client";
import { useSyncExternalStore } from "react";
import type { UserView } from "@worker/shared/views.schema";
import type { client } from "./api-client";
import { STORAGE_KEYS, storage } from "./storage";

/** The signed-in user, as the API shows them. */
export type CurrentUser = UserView;

type Refreshed = InferResponseType<(typeof client.auth)["refresh-user-token"]["$get"], 200>;
type SignedIn = InferResponseType<typeof client.auth.signin.$post, 200>;

/** What a refresh answers: the tokens, and the user; a new access token alone is enough to store. */
export type SessionPayload = Pick<Refreshed, "authToken"> & Partial<Omit<Refreshed, "authToken">>;

const listeners = new Set<() => void>();
let currentUser: CurrentUser | null = storage.get<CurrentUser>(STORAGE_KEYS.user);

function emit() {
  for (const listener of listeners) listener();
}

export const session = {
  user: () => currentUser,
  authToken: () => storage.get<string>(STORAGE_KEYS.authToken),
  refreshToken: () => storage.get<string>(STORAGE_KEYS.refreshToken),

  /** Stores the tokens (and the user, when the answer carries it). */
  save({ authToken, refreshToken, user }: SessionPayload) {
    storage.set(STORAGE_KEYS.authToken, authToken);
    if (refreshToken) storage.set(STORAGE_KEYS.refreshToken, refreshToken);
    if (user) session.setUser(user);
  },

  /** Stores a sign-in answer: the user with its authToken and refreshToken. */
  signIn({ authToken, refreshToken, ...user }: SignedIn) {
    session.save({ authToken, refreshToken, user });
  },

  setUser(user: CurrentUser) {
    currentUser = user;
    storage.set(STORAGE_KEYS.user, user);
    emit();
  },

  /** Signs out locally: clears everything the app stored. */
  clear() {
    storage.clear();
    currentUser = null;
    emit();
  },

  /** No user for this page's life (the server could not be reached); stored tokens stay for the next load. */
  hideUser() {
    currentUser = null;
    emit();
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(session.subscribe, session.user, session.user);
}

export const displayName = (user: Pick<CurrentUser, "firstName" | "lastName" | "emailId">) =>
  `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.firstName || user.emailId;
