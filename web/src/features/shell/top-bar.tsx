import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { Logo } from "../../components/ui/logo";
import { authPanel } from "../../lib/auth-panel";
import { logout } from "../../lib/logout";
import { displayName, useCurrentUser } from "../../lib/session";

export function TopBar({ onMenu }: { onMenu?: () => void }) {
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4">
        {user && onMenu && (
          <button type="button" onClick={onMenu} aria-label="Open menu" className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <Link to="/" aria-label="Experiences home" className="rounded-lg">
          <Logo />
        </Link>
        <div className="ml-auto">{user ? <UserMenu /> : <Button onClick={() => authPanel.open("login")}>Login</Button>}</div>
      </div>
    </header>
  );
}

function UserMenu() {
  const user = useCurrentUser()!;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const item = "block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100";
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="User menu"
        className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-slate-100"
      >
        <Avatar src={user.profilePic?.thumbnail} name={name} />
        <span className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:block">{name}</span>
      </button>
      {open && (
        <div role="menu" className="absolute right-0 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg">
          <Link role="menuitem" to="/profile" className={item} onClick={() => setOpen(false)}>
            Profile
          </Link>
          <button role="menuitem" type="button" className={item} onClick={() => void logout(navigate)}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
