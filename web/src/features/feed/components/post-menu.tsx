import { EllipsisIcon } from "@web/components/ui/icons";
import { Menu, type MenuItem } from "@web/components/ui/menu";
import { useI18n } from "@web/lib/i18n";

/** The ⋯ menu of a post: what the reader may do with it (their own: Delete; organisers: Hide, Delete, Mute; others: Report). */
export function PostMenu({ items }: { items: MenuItem[] }) {
  const i18n = useI18n();
  return (
    <Menu
      items={items}
      buttonLabel={i18n._("Post options")}
      buttonClassName="grid size-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      menuClassName="mt-1 w-52"
    >
      <EllipsisIcon />
    </Menu>
  );
}
