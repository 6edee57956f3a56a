import type { InputHTMLAttributes, ReactNode } from "react";

type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "checked" | "onChange" | "onSelect" | "className">;

/**
 * One native radio button inside the bordered label that names it (so the arrow keys move through its group);
 * the card is highlighted while it is checked. By default the card is a row: the button, then `children`.
 */
export function RadioCard<T extends string | number>({
  value,
  selected,
  onSelect,
  className = "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50",
  inputClassName = "mt-0.5 accent-brand-600",
  children,
  ...input
}: RadioProps & {
  value: T;
  selected: T | undefined;
  onSelect: (value: T) => void;
  className?: string;
  inputClassName?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="radio"
        value={value}
        checked={selected === value}
        onChange={() => onSelect(value)}
        className={inputClassName}
        {...input}
      />
      {children}
    </label>
  );
}
