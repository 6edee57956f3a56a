import { Link, useNavigate } from "react-router-dom";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { IconButton } from "@web/components/ui/icon-button";
import { MenuIcon } from "@web/components/ui/icons";
import { Logo } from "@web/components/ui/logo";
import { Menu } from "@web/components/ui/menu";
import { initialsOf } from "@web/components/ui/picture";
import { UserText } from "@web/components/ui/user-text";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import { logout } from "@web/lib/logout";
import { displayName, useCurrentUser } from "@web/lib/session";

export function TopBar({ onMenu }: { onMenu?: () => void }) {
  const i18n = useI18n();
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full max-w-[960px] items-center gap-3 px-4">
        {user && onMenu && (
          <IconButton label={i18n._("Open menu")} onClick={onMenu} className="-ms-1 p-2 text-slate-600 max-sm:p-2.5">
            <MenuIcon />
          </IconButton>
        )}
        <Link to="/" aria-label={i18n._("{brand} home", { brand: "Experiences" })} className="flex min-h-11 items-center rounded-lg">
          <Logo />
        </Link>
        <div className="ms-auto">{user ? <UserMenu /> : <Button onClick={() => authPanel.open("login")}>{i18n._("Login")}</Button>}</div>
      </div>
    </header>
  );
}

function UserMenu() {
  const i18n = useI18n();
  const user = useCurrentUser()!;
  const navigate = useNavigate();
  const name = displayName(user);
  const picture = user.profilePic?.thumbnail;
  // The name holds every word the button shows (its initials, and its name on wider screens), so a person who
  // says what they see to speech input reaches it.
  const label = [picture ? "" : initialsOf(name), name, i18n._("User menu")].filter(Boolean).join(" ");
  return (
    <Menu
      items={[
        { label: i18n._("Profile"), to: "/profile" },
        { label: i18n._("Logout"), onSelect: () => void logout(navigate) },
      ]}
      buttonLabel={label}
      buttonClassName="flex items-center gap-2 rounded-full p-0.5 pe-2 hover:bg-slate-100 max-sm:p-1"
      menuClassName="mt-2 w-48"
    >
      <Avatar src={picture} name={name} />{" "}
      <UserText className="hidden max-w-40 truncate text-sm font-medium text-slate-800 sm:block">{name}</UserText>
    </Menu>
  );
}
