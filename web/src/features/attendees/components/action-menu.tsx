import { Menu, type MenuItem } from "@web/components/ui/menu";

/** The organisers' 'Actions' menu button over a group of guests. */
export function ActionMenu({ label = "Actions", actions }: { label?: string; actions: MenuItem[] }) {
  return (
    <Menu
      items={actions}
      buttonClassName="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
    >
      {label}
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
        <path
          fillRule="evenodd"
          d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </Menu>
  );
}
