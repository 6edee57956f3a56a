import { ChevronDownIcon } from "@web/components/ui/icons";
import { Menu, type MenuItem } from "@web/components/ui/menu";

/** The organisers' 'Actions' menu button over a group of guests. */
export function ActionMenu({ label = "Actions", actions }: { label?: string; actions: MenuItem[] }) {
  return (
    <Menu
      items={actions}
      buttonClassName="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
    >
      {label}
      <ChevronDownIcon />
    </Menu>
  );
}
