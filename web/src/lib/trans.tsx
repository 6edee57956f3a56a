import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";
import { useI18n } from "./i18n";

interface TransProps {
  /** The English source, with numbered tags for the elements: 'Read the <0>terms</0>'. */
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}

/** A numbered tag with its content, or one that closes itself: the same tags Lingui's own <Trans> reads. */
const TAG = /<([a-zA-Z0-9_](?:[\w.-]*\w)?)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9_](?:[\w.-]*\w)?)\/>/;

/** The translation with its tags made the code's elements, each around its own (formatted) content. */
function withElements(text: string, components: TransProps["components"] = {}, next = { key: 0 }): ReactNode {
  // split() gives the text before the first tag, then four parts per tag: its name, its content, a closed tag's name, the text after.
  const parts = text.split(TAG);
  if (parts.length === 1) return text;
  const nodes: ReactNode[] = [parts[0]];
  for (let i = 1; i < parts.length; i += 4) {
    const content = parts[i + 1];
    const element = components[parts[i] ?? parts[i + 2] ?? ""] ?? <Fragment />;
    const children = content === undefined ? (element.props as { children?: ReactNode }).children : withElements(content, components, next);
    nodes.push(cloneElement(element, { key: next.key++ }, children), parts[i + 3]);
  }
  return nodes;
}

/**
 * A message with parts that are elements: `<Trans id="Read the <0>terms</0>" components={{ 0: <a href="/terms" /> }} />`.
 * The words and their order are the translator's; the elements stay the code's. A value that is an element (not text
 * or a number) is placed as one more closed tag. In place of Lingui's own, which carries a kilobyte of options the app
 * does not use into every page.
 */
export function Trans({ id, values, components = {} }: TransProps) {
  const i18n = useI18n();
  const elements = { ...components };
  const words: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === "string" || typeof value === "number") continue;
    const index = Object.keys(elements).length;
    elements[index] = <Fragment>{value as ReactNode}</Fragment>;
    words[name] = `<${index}/>`;
  }
  return <>{withElements(i18n._(id, words), elements)}</>;
}
