import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import type { FeedSource } from "@web/lib/queries/query-keys";
import { COMMENT_MAX } from "@worker/features/feed/feed.schema";
import { useAddComment } from "../api/add-comment";

/** A comment box under a post; Send stays disabled while it is blank (spec 2 §5). */
export function CommentForm({ eventId, postId, source }: { eventId: string; postId: string; source: FeedSource }) {
  const i18n = useI18n();
  const [text, setText] = useState("");
  const add = useAddComment(eventId, postId, source);
  const id = useId();
  const blank = text.trim() === "";
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || add.isPending) return;
        add.mutate(text.trim(), { onSuccess: () => setText("") });
      }}
    >
      <label htmlFor={id} className="sr-only">
        {i18n._("Write a comment")}
      </label>
      <input
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={COMMENT_MAX}
        placeholder={i18n._("Write a comment...")}
        autoComplete="off"
        className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-3.5 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <Button type="submit" variant="secondary" className="rounded-full px-3.5 py-2" disabled={blank || add.isPending}>
        {i18n._("Send")}
      </Button>
    </form>
  );
}
