import type { ReactNode } from "react";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";

/** Our own SVG (the API draws it) as an image source: an <img> runs no script in it. */
export const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

const BRIGHTNESS_HINT = /*i18n*/ "Turn your screen brightness up";

/**
 * A pass as it is held up at the gate: 'Your pass', the QR code black on white as large as the screen allows (a square
 * that leaves room for the heading and the name), the name under it, and the brightness hint.
 */
export function PassFace({
  headingId,
  level = "h2",
  detail,
  qrSrc,
  name,
}: {
  headingId?: string;
  /** h1 on the /pass page, h2 in the dialog. */
  level?: "h1" | "h2";
  /** Under the heading: the experience's name, where known. */
  detail?: ReactNode;
  qrSrc: string;
  name?: string;
}) {
  const i18n = useI18n();
  const Heading = level;
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 pb-6 text-center text-slate-900">
      <div className="max-w-full">
        <Heading id={headingId} className="text-lg font-semibold">
          {i18n._("Your pass")}
        </Heading>
        {detail}
      </div>
      <img
        src={qrSrc}
        alt={i18n._("Your pass QR code")}
        className="aspect-square w-[min(92vw,calc(100dvh-16rem))] max-w-[36rem] [image-rendering:pixelated]"
      />
      {name && (
        <UserText as="p" className="max-w-full text-xl font-bold break-words">
          {name}
        </UserText>
      )}
      <p className="text-sm text-slate-600">{i18n._(BRIGHTNESS_HINT)}</p>
    </div>
  );
}
