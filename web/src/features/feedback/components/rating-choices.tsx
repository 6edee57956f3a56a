import { RadioCard } from "@web/components/ui/radio-card";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { RATING_LABELS, type Rating } from "@worker/features/feedback/feedback.schema";

const RATINGS = Object.keys(RATING_LABELS).map(Number) as Rating[];

interface RatingChoicesProps {
  /** The question, which names the group. */
  label: string;
  name: string;
  value: Rating | undefined;
  onChange: (rating: Rating) => void;
  disabled?: boolean;
}

/**
 * One rating question: five native radio buttons, 1 POOR to 5 EXCELLENT, so the arrow keys move between them
 * and a screen reader reads the question and each choice. On a phone the five sit in one row, number over word;
 * at 360 px each has about 55 px, so the words are set small enough for EXCELLENT to fit in Arial or DejaVu Sans.
 */
export function RatingChoices({ label, name, value, onChange, disabled }: RatingChoicesProps) {
  const i18n = useI18n();
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium text-slate-900">
        <UserText>{label}</UserText>
      </legend>
      <div className="mt-2 grid grid-cols-5 gap-1 sm:gap-1.5">
        {RATINGS.map((rating) => (
          <RadioCard
            key={rating}
            value={rating}
            group={{ name, selected: value, onSelect: onChange }}
            required
            className="flex min-w-0 cursor-pointer flex-col has-[:disabled]:cursor-default items-center gap-0.5 rounded-lg border border-slate-300 px-0.5 py-2 text-center sm:px-1 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40"
            inputClassName="sr-only"
          >
            <span className="text-base font-semibold">{rating}</span>{" "}
            <span className="text-[0.5625rem] leading-tight font-medium tracking-normal uppercase sm:text-[0.625rem] sm:tracking-wide">
              {i18n._(RATING_LABELS[rating])}
            </span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
