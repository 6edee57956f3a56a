import { Menu, type MenuItem } from "@web/components/ui/menu";

/** The ⋯ menu of a post: what the reader may do with it (their own: Delete; organisers: Hide, Delete, Mute; others: Report). */
export function PostMenu({ items }: { items: MenuItem[] }) {
  return (
    <Menu
      items={items}
      buttonLabel="Post options"
      buttonClassName="grid size-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      menuClassName="mt-1 w-52"
    >
      <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden>
        <path d="M4 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm7.5 0a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0ZM19 10a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z" />
      </svg>
    </Menu>
  );
}
