import { TextField } from "./field";

/** A labelled search box that searches as one types (so the browser's own suggestions stay away). */
export function SearchField({
  label,
  value,
  onValue,
  placeholder,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
}) {
  return (
    <TextField
      label={label}
      type="search"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      placeholder={placeholder}
      autoComplete="off"
    />
  );
}
