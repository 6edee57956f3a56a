import { ChevronDownIcon } from "@web/components/ui/icons";
import { Menu, type MenuItem } from "@web/components/ui/menu";
import { useI18n } from "@web/lib/i18n";

/** The organisers' 'Actions' menu button over a group of guests. */
export function ActionMenu({ label, actions }: { label?: string; actions: MenuItem[] }) {
  const i18n = useI18n();
  return (
    <Menu
      items={actions}
      buttonClassName="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
    >
      {label ?? i18n._("Actions")}
      <ChevronDownIcon />
    </Menu>
  );
}
