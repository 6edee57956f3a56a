import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { placeQueryOptions, placeSuggestionsQueryOptions } from "@web/components/place-input/places";
import { Spinner } from "@web/components/ui/spinner";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "@web/hooks/use-debounced-value";
import { serverConfigQuery } from "@web/lib/config";
import { useI18n } from "@web/lib/i18n";
import type { PlaceSuggestion } from "@worker/features/places/places.schema";
import { SEARCH_MIN_LENGTH } from "@worker/features/search/search.schema";
import type { LocationView } from "@worker/shared/itinerary.schema";

type Place = Exclude<LocationView, string>;

export interface PlaceInputProps {
  label?: string;
  value: LocationView | null;
  onChange: (value: LocationView | null) => void;
}

const displayText = (value: LocationView | null) =>
  !value ? "" : typeof value === "string" ? value : value.structuredFormat.mainText.text;

/** A place box (an activity's location, the experience's venue): free text always works; with places configured it also suggests places (2+ characters, 500 ms debounce). */
export function PlaceInput({ label: named, value, onChange }: PlaceInputProps) {
  const i18n = useI18n();
  const label = named ?? i18n._("Location");
  const id = useId();
  const listId = `${id}-list`;
  const queryClient = useQueryClient();
  const config = useQuery(serverConfigQuery);
  const places = config.data?.places === true;

  const [text, setText] = useState(() => displayText(value));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [resolving, setResolving] = useState(false);
  const input = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  // The parent may replace the value (a template, a saved place): show it.
  const shown = displayText(value);
  useEffect(() => setText((current) => (current === shown ? current : shown)), [shown]);

  const search = useQuery({ ...placeSuggestionsQueryOptions(input, places && open), placeholderData: (previous) => previous });
  const searching = places && open && text.trim().length >= SEARCH_MIN_LENGTH;
  const suggestions: PlaceSuggestion[] = searching && search.data?.configured !== false ? (search.data?.suggestions ?? []) : [];
  const expanded = suggestions.length > 0;

  const pick = async (suggestion: PlaceSuggestion) => {
    setOpen(false);
    setActive(-1);
    setText(suggestion.mainText);
    setResolving(true);
    let place: Place;
    try {
      place = await queryClient.fetchQuery(placeQueryOptions(suggestion.placeId));
    } catch {
      // The details call failed: keep what the suggestion already says rather than losing the choice.
      place = {
        structuredFormat: { mainText: { text: suggestion.mainText }, secondaryText: { text: suggestion.secondaryText } },
        description: suggestion.description,
        placeId: suggestion.placeId,
      };
    } finally {
      setResolving(false);
    }
    setText(displayText(place));
    onChange(place);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!expanded) {
        if (places && text.trim().length >= SEARCH_MIN_LENGTH) setOpen(true);
        return;
      }
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      void pick(suggestions[active]!);
    } else if (e.key === "Escape" && expanded) {
      // Close the list only; the dialog around us must not close too.
      e.preventDefault();
      e.stopPropagation();
      e.nativeEvent.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete={places ? "list" : "none"}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          value={text}
          placeholder={places ? i18n._("Search for a place") : i18n._("Where does it happen?")}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            onChange(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 pe-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
        />
        {(resolving || (searching && search.isFetching)) && (
          <span className="absolute inset-y-0 end-2 grid place-items-center">
            <Spinner label={resolving ? i18n._("Loading place") : i18n._("Searching places")} className="size-4" />
          </span>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={i18n._("{label} suggestions", { label })}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={s.placeId}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              // Keep focus in the input so blur does not close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => void pick(s)}
              onMouseEnter={() => setActive(i)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-900" : "text-slate-800"}`}
            >
              <span className="block font-medium">{s.mainText}</span>
              {s.secondaryText && <span className="block truncate text-xs text-slate-500">{s.secondaryText}</span>}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
