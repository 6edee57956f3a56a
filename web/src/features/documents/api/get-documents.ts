import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { documentKeys } from "@web/lib/queries/query-keys";

/** Whose documents a list shows: a participant's guid, or the experience's shared ones. */
export const COMMON = "common";

/** One list of documents, newest first (spec 2 §7): `owner` is a guid or `common`. */
export const documentsQueryOptions = (eventId: string, owner: string) =>
  queryOptions({
    queryKey: documentKeys.of(eventId, owner),
    queryFn: () => data(client.api.documents.event[":eventId"].user[":userId"].$get({ param: { eventId, userId: owner } })),
  });
