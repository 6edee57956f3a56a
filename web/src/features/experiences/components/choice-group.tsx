import { useId } from "react";

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  values: readonly T[];
  words: Record<T, { label: string; meaning: string }>;
  value: T;
  onChange: (value: T) => void;
}

/** Radio choices named in words, each with its one-line meaning (privacy, who can join). */
export function ChoiceGroup<T extends string>({ legend, name, values, words, value, onChange }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 space-y-2">
        {values.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              aria-labelledby={`${id}-${option}`}
              aria-describedby={`${id}-${option}-meaning`}
              className="mt-0.5 accent-brand-600"
            />
            <span>
              <span id={`${id}-${option}`} className="font-medium text-slate-900">
                {words[option].label}
              </span>
              <span id={`${id}-${option}-meaning`} className="block text-slate-600">
                {words[option].meaning}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
