import { useRef } from "react";
import { NavLink } from "react-router-dom";
import { Logo } from "@web/components/ui/logo";
import { useModalFocus } from "@web/components/ui/use-modal-focus";
import { useI18n } from "@web/lib/i18n";

const link = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium max-sm:min-h-11 ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;

/** The signed-in navigation: Home, and Manage > Experiences. */
export function SideDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <Drawer onClose={onClose} /> : null;
}

/** A modal panel: focus starts on its first link, stays inside, and goes back to the menu button on close. */
function Drawer({ onClose }: { onClose: () => void }) {
  const i18n = useI18n();
  const panel = useRef<HTMLElement>(null);
  useModalFocus(panel, { start: panel, onClose });

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={i18n._("Menu")}
      className="fixed inset-0 z-50 flex"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
      style={{ background: "rgb(15 23 42 / 0.4)" }}
    >
      <nav ref={panel} aria-label={i18n._("Main")} className="flex h-full w-72 flex-col gap-1 bg-white p-4 shadow-xl">
        <div className="mb-4 px-2">
          <Logo />
        </div>
        <NavLink to="/" end className={link} onClick={onClose}>
          {i18n._("Home")}
        </NavLink>
        <p className="mt-4 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">{i18n._("Manage")}</p>
        <NavLink to="/manage/experiences" className={link} onClick={onClose}>
          {i18n._("Experiences")}
        </NavLink>
      </nav>
    </div>
  );
}
