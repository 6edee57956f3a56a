import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { session, type CurrentUser } from "../../lib/session";

/** The signed-in user, shown at once from the session and refreshed from the server. */
export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: async () => {
    const user = await api<CurrentUser>("/api/profile/user");
    session.setUser(user);
    return user;
  },
  initialData: () => session.user() ?? undefined,
  initialDataUpdatedAt: 0,
});

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  organisation: string;
  bio: string;
  tags: string[];
}

export const profileApi = {
  update: (body: ProfileUpdate) => api<CurrentUser>("/api/profile/user", { method: "PUT", json: body }),
  uploadPicture: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api<CurrentUser>("/api/profile/profile-picture", { form });
  },
};
