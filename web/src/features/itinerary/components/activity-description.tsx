import { LinkifiedText } from "./linkified-text";

/** An activity's description as the itinerary shows it: its line breaks kept, its links and phone numbers clickable. */
export function ActivityDescription({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="text-sm whitespace-pre-line text-slate-700">
      <LinkifiedText text={text} />
    </p>
  );
}
