import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { itineraryKeys } from "./keys";

/** The experience's shared documents, which activities link by id (spec 2 §7). */
export const commonDocumentsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: itineraryKeys.commonDocuments(eventId),
    queryFn: () => data(client.api.documents.event[":eventId"].user[":userId"].$get({ param: { eventId, userId: "common" } })),
  });
