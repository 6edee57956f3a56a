import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { modalDialog, useModalFocus } from "@web/components/ui/use-modal-focus";
import { useI18n } from "@web/lib/i18n";
import { useWakeLock } from "../hooks/use-wake-lock";
import { PassFace } from "./pass-face";

/**
 * 'Show full screen': the pass over everything, on white, with the screen kept on while it shows. A dialog: focus moves
 * to its close button, Tab stays inside, Escape or Close ends it, and focus goes back to the button that opened it.
 */
export function FullScreenPass({ qrSrc, name, detail, onClose }: { qrSrc: string; name: string; detail?: ReactNode; onClose: () => void }) {
  const i18n = useI18n();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const start = useRef<HTMLDivElement>(null);
  useModalFocus(panel, { start, onClose });
  useWakeLock();
  return createPortal(
    <div ref={panel} {...modalDialog(titleId)} className="fixed inset-0 z-50 overflow-y-auto bg-white outline-none">
      <div className="flex min-h-full flex-col">
        <div ref={start} className="flex justify-end p-3">
          <button
            type="button"
            onClick={onClose}
            className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            {i18n._("Close")}
          </button>
        </div>
        <PassFace headingId={titleId} detail={detail} qrSrc={qrSrc} name={name} />
      </div>
    </div>,
    document.body,
  );
}
