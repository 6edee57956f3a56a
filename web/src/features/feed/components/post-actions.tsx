import { useQuery } from "@tanstack/react-query";
import { useState, type RefObject } from "react";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import type { MenuItem } from "@web/components/ui/menu";
import { useI18n } from "@web/lib/i18n";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { useDeletePost } from "../api/delete-post";
import { reportsQueryOptions } from "../api/get-reports";
import { useModeratePost } from "../api/moderate-post";
import { useMute } from "../api/mute";
import { isAuthor, isModerator, type FeedViewer } from "../viewer";
import { PostMenu } from "./post-menu";
import { ReportDialog } from "./report-dialog";

/**
 * A post's menu and the dialogs it opens. Its author deletes it (spec 2 §6); the owner and hosts also hide or
 * restore it and mute its author; any other participant reports it. Nothing for readers who do not take part.
 */
export function PostActions({
  eventId,
  post,
  viewer,
  card,
}: {
  eventId: string;
  post: FeedPost;
  viewer: FeedViewer;
  card: RefObject<HTMLElement | null>;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState<"delete" | "report" | null>(null);
  const remove = useDeletePost(eventId);
  const moderate = useModeratePost(eventId);
  const mute = useMute(eventId);
  const moderator = isModerator(viewer);
  const own = isAuthor(viewer, post.owner.guid);
  const muted = useQuery({
    ...reportsQueryOptions(eventId),
    enabled: moderator,
    select: (data) => data.muted.some((p) => p.guid === post.owner.guid),
  }).data;
  const name = `${post.owner.firstName} ${post.owner.lastName}`.trim();

  const items: MenuItem[] = [];
  if (moderator)
    items.push({
      label: post.hidden ? i18n._("Restore") : i18n._("Hide from guests"),
      onSelect: () => moderate.mutate({ postId: post.id, hidden: !post.hidden }),
    });
  if (moderator && !own)
    items.push({
      label: muted ? i18n._("Unmute {name}", { name }) : i18n._("Mute {name}", { name }),
      onSelect: () => mute.mutate({ person: post.owner, muted: !muted }),
    });
  if (viewer.kind === "participant" && !own && !moderator) items.push({ label: i18n._("Report"), onSelect: () => setOpen("report") });
  if (own || moderator) items.push({ label: i18n._("Delete"), onSelect: () => setOpen("delete"), tone: "danger" });
  if (items.length === 0) return null;

  return (
    <>
      <PostMenu items={items} />
      {open === "report" && <ReportDialog eventId={eventId} subject={{ postId: post.id }} onClose={() => setOpen(null)} />}
      {open === "delete" && (
        <ConfirmDialog
          title={i18n._("Delete post")}
          message={i18n._("Delete this post? Its likes and comments go with it.")}
          onConfirm={async () => {
            // The menu button that opened the dialog goes with the post: focus moves to the post beside it.
            const item = card.current?.closest("li");
            const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector<HTMLElement>("article");
            try {
              await remove.mutateAsync(post.id);
            } catch {
              return;
            }
            setOpen(null);
            setTimeout(() => neighbour?.focus(), 0);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
