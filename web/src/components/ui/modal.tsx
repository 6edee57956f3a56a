import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useI18n } from "@web/lib/i18n";
import { IconButton } from "./icon-button";
import { CloseIcon } from "./icons";
import { modalDialog, useModalFocus } from "./use-modal-focus";

interface ModalProps {
  /** User text in it is wrapped in UserText by the caller. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** "center" for dialogs, "end" for side panels (at the reading end: the right, the left in Arabic and Hebrew). */
  placement?: "center" | "end";
  size?: "sm" | "md" | "lg";
}

/**
 * A dialog: focus starts on a field with autoFocus, else on the first control of its body (a confirmation's
 * Cancel, never the ×); Tab stays inside; Escape or a backdrop click closes it; focus goes back to its opener.
 */
export function Modal({ title, onClose, children, placement = "center", size = "md" }: ModalProps) {
  const i18n = useI18n();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useModalFocus(panel, { start: body, onClose });

  const width = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-3xl" }[size];
  const frame =
    placement === "end" ? `ms-auto h-full w-full ${width} rounded-none` : `m-auto w-full ${width} max-h-[calc(100dvh-2rem)] rounded-2xl`;

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex bg-slate-900/50 p-0 sm:p-4 data-[placement=end]:p-0"
      data-placement={placement}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div ref={panel} {...modalDialog(titleId)} className={`flex flex-col overflow-hidden bg-white shadow-2xl outline-none ${frame}`}>
        {/* Not a <header>: inside a dialog it would be a second banner landmark. */}
        <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <IconButton
            label={i18n._("Close")}
            onClick={onClose}
            className="grid place-items-center p-1.5 text-slate-500 hover:text-slate-900 max-sm:-m-1.5 max-sm:size-11"
          >
            <CloseIcon className="size-5" />
          </IconButton>
        </div>
        {/* Toasts stand above dialogs: the room they take stays free at the body's end, so its last button can be reached. */}
        <div ref={body} className="flex-1 overflow-y-auto px-5 pt-4 pb-[calc(1rem+var(--toast-space,0px))]">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
