import { useId } from "react";
import { RadioCard } from "@web/components/ui/radio-card";
import { useI18n } from "@web/lib/i18n";

interface ChoiceGroupProps<T extends string> {
  legend: string;
  /** Each choice's words, in the order shown (privacy's or who can join's). */
  words: Record<T, { label: string; meaning: string }>;
  value: T;
  onChange: (value: T) => void;
}

/** Radio choices named in words, each with its one-line meaning (privacy, who can join). */
export function ChoiceGroup<T extends string>({ legend, words, value, onChange }: ChoiceGroupProps<T>) {
  const i18n = useI18n();
  const id = useId();
  const group = { name: id, selected: value, onSelect: onChange };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 space-y-2">
        {(Object.keys(words) as T[]).map((option) => (
          <RadioCard
            key={option}
            value={option}
            group={group}
            aria-labelledby={`${id}-${option}`}
            aria-describedby={`${id}-${option}-meaning`}
          >
            <span>
              <span id={`${id}-${option}`} className="font-medium text-slate-900">
                {i18n._(words[option].label)}
              </span>
              <span id={`${id}-${option}-meaning`} className="block text-slate-600">
                {i18n._(words[option].meaning)}
              </span>
            </span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
