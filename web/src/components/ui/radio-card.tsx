import type { InputHTMLAttributes, ReactNode } from "react";

type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "value" | "checked" | "onChange" | "className">;

/** What the cards of one group share: the radio buttons' name, the value chosen and what choosing does. */
export interface RadioGroup<T> {
  name: string;
  selected: T | undefined;
  onSelect: (value: T) => void;
}

/**
 * One native radio button inside the bordered label that names it (so the arrow keys move through its group);
 * the card is highlighted while it is checked. By default the card is a row: the button, then `children`.
 */
export function RadioCard<T extends string | number>({
  value,
  group,
  className = "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50",
  inputClassName = "mt-0.5 accent-brand-600",
  children,
  ...input
}: RadioProps & {
  value: T;
  group: RadioGroup<T>;
  className?: string;
  inputClassName?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="radio"
        name={group.name}
        value={value}
        checked={group.selected === value}
        onChange={() => group.onSelect(value)}
        {...input}
        className={inputClassName}
      />
      {children}
    </label>
  );
}
