import { client, data } from "@web/lib/api-client";
import { uploadWithProgress } from "@web/lib/upload-with-progress";

type MediaPut = ReturnType<(typeof client.api.feeds)[":eventId"]["media"]["$put"]>;

/**
 * Streams a photo or video to `PUT /api/feeds/{eventId}/media` with progress (spec: a percentage), and
 * answers the server's `mediaId` for the post form. The raw body goes as it is: the server reads its type
 * from the bytes and its size from Content-Length.
 */
export function uploadFeedMedia(eventId: string, file: File, onProgress: (percent: number) => void) {
  const url = client.api.feeds[":eventId"].media.$url({ param: { eventId } });
  return data(uploadWithProgress({ method: "PUT", url, body: file, onProgress }) as MediaPut);
}
