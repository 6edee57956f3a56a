import type { ButtonHTMLAttributes, ReactNode } from "react";

/** A button that shows only an icon: `label` is its name for assistive technology; `className` gives its size and colours. */
export function IconButton({
  label,
  className,
  children,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "aria-label"> & { label: string; className: string; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} className={`shrink-0 rounded-lg hover:bg-slate-100 ${className}`} {...button}>
      {children}
    </button>
  );
}
