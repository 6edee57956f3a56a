import type { ComponentPropsWithoutRef, ElementType } from "react";

type UserTextProps<T extends ElementType> = { as?: T } & Omit<ComponentPropsWithoutRef<T>, "as" | "dir">;

/**
 * Text someone typed (a name, a title, a description, a comment), bidi-isolated: a `<bdi>` by default, or the element
 * `as` names, always with `dir="auto"`. A right-to-left override (U+202E) or an embedding left open in the text then
 * ends with the element and cannot reverse the app's own words around it ('Hosted by', 'Day 1', the dates).
 */
export function UserText<T extends ElementType = "bdi">({ as, ...props }: UserTextProps<T>) {
  const Element: ElementType = as ?? "bdi";
  return <Element dir="auto" {...props} />;
}
