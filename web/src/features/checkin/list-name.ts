import type { I18n } from "@lingui/core";
import type { CheckinList } from "@worker/features/checkin/checkin.schema";

/** A list as a gate names it: the whole-experience list by its name in the reader's language, the others as written. */
export const listName = (i18n: I18n, list: Pick<CheckinList, "name" | "isDefault">) => (list.isDefault ? i18n._(list.name) : list.name);
