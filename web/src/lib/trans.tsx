import { TransNoContext } from "@lingui/react/server";
import type { ReactElement } from "react";
import { useI18n } from "./i18n";

interface TransProps {
  /** The English source, with numbered tags for the elements: 'Read the <0>terms</0>'. */
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}

/**
 * A message with parts that are elements: `<Trans id="Read the <0>terms</0>" components={{ 0: <a href="/terms" /> }} />`.
 * The words and their order are the translator's; the elements stay the code's.
 */
export function Trans(props: TransProps) {
  const i18n = useI18n();
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
