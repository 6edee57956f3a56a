import type { I18n } from "@lingui/core";
import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { TimeZonePicker } from "@web/components/time-zone-picker/time-zone-picker";
import { Button } from "@web/components/ui/button";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { FormError, SwitchField, TextAreaField, TextField } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { scheduleStatus } from "@web/lib/dates";
import { PRIVACY_WORDS, RSVP_TYPE_WORDS, type Privacy, type RsvpType } from "@web/lib/experience-words";
import { fieldError } from "@web/lib/field-error";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { useI18n } from "@web/lib/i18n";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import { GENERATION_MESSAGES, OFFLINE_AI_NOTE, promptPrefill } from "@worker/features/ai/generator.schema";
import { createExperienceSchema, experienceDatesError } from "@worker/features/experiences/experiences.schema";
import { intlLocale } from "@worker/shared/locales";
import { localDate, zoneName } from "@worker/shared/time-zone";
import { TIME_ZONE_MESSAGE } from "@worker/shared/time-zone.schema";
import { useCreateExperience } from "../api/create-experience";
import { aiGeneratorQuery } from "../api/get-ai-generator";
import { dayAfter } from "../experience-dates";
import { ChoiceGroup } from "./choice-group";
import { DateRangeFields } from "./date-range-fields";
import { GenerationProgress } from "./generation-progress";

/** 'March 11, 2026' in the page's language (the prefill's dates are days, read in UTC). */
const longDate = (i18n: I18n, isoDate: string) =>
  new Intl.DateTimeFormat(intlLocale(i18n.locale), { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/**
 * The AI prompt's prefill as the page's language words it, and as the Worker knows it (in English, so that it can take
 * it out of what the organiser wrote): the words shown are put back in English when the form is sent.
 */
function prefill(i18n: I18n, startDate: string, endDate: string) {
  const shown = i18n._("Generate itinerary from the attached content. The experience starts on {start} and it ends on {end}.", {
    start: longDate(i18n, startDate),
    end: longDate(i18n, endDate),
  });
  return { shown, sent: promptPrefill(startDate, endDate) };
}

/**
 * New Experience. Its zone starts as the browser's and may be any other (its days are local dates there, and its times
 * read on that clock); the dates go to the server as those local dates, with the zone.
 */
export function NewExperienceModal({ onClose }: { onClose: () => void }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [timeZone, setTimeZone] = useState(viewerTimeZone);
  // The zone field holds a name that is no zone: `timeZone` is still the last good one, so nothing is sent.
  const zoneRefused = useRef(false);
  const today = localDate(Date.now(), timeZone);
  const [name, setName] = useState("");
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(today);
  const [privacy, setPrivacy] = useState<Privacy>("PUBLIC");
  const [rsvpType, setRsvpType] = useState<RsvpType>("OPEN_INVITE");
  const [isAIMode, setAIMode] = useState(true);
  const prefilled = useRef(prefill(i18n, today, today));
  const [prompt, setPrompt] = useState(prefilled.current.shown);
  const promptEdited = useRef(false);
  const [pdf, setPdf] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [uploaded, setUploaded] = useState(0);
  const request = useRef<AbortController | null>(null);
  const { ref: form, focusInvalid } = useFocusFirstInvalid();
  // The end as last accepted: an end typed before the start is put back when the field is left (spec: it is ignored).
  const acceptedEnd = useRef(end);
  const generator = useQuery(aiGeneratorQuery);
  const offlineNote = useId();

  const changeDates = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    // A cleared date input reads "": the prompt keeps its last dates until both are set again.
    if (!promptEdited.current && nextStart && nextEnd) {
      prefilled.current = prefill(i18n, nextStart, nextEnd);
      setPrompt(prefilled.current.shown);
    }
    setErrors((e) => ({ ...e, start: undefined, end: undefined }));
  };

  const create = useCreateExperience({
    onSuccess: (created) => {
      onClose();
      navigate(`/manage/experiences/${scheduleStatus(created.startTime, created.endTime)}/${created.id}/itinerary`);
    },
    onError: (error) => {
      setErrors({ form: errorMessage(error) });
      focusInvalid();
    },
  });

  /** Aborts the request and returns to the form as it was filled; an answer arriving anyway opens nothing. */
  const cancel = () => {
    request.current?.abort();
    request.current = null;
    create.reset();
  };
  const close = () => {
    cancel();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const nameError = fieldError(createExperienceSchema.in.shape.name, name);
    if (nameError) next.name = nameError;
    const startError = fieldError(createExperienceSchema.in.shape.startIsoTime, start || undefined);
    const endError = fieldError(createExperienceSchema.in.shape.endIsoTime, end ? dayAfter(end) : undefined);
    const zoneError = zoneRefused.current ? i18n._(TIME_ZONE_MESSAGE) : fieldError(createExperienceSchema.in.shape.timeZone, timeZone);
    const datesError =
      startError || endError || zoneError ? null : experienceDatesError(start, dayAfter(end), Date.now(), undefined, timeZone);
    if (startError) next.start = startError;
    if (endError) next.end = endError;
    if (zoneError) next.timeZone = zoneError;
    if (datesError) next[datesError.path === "startIsoTime" ? "start" : "end"] = i18n._(datesError.message);
    if (isAIMode && !pdf && !prompt.trim()) next.prompt = i18n._(GENERATION_MESSAGES.nothingToGenerateFrom);
    setErrors(next);
    if (Object.keys(next).length > 0) return focusInvalid();
    request.current = new AbortController();
    setUploaded(0);
    create.mutate({
      name: name.trim(),
      startIsoTime: start,
      endIsoTime: dayAfter(end),
      timeZone,
      privacy,
      rsvpType,
      isAIMode,
      prompt: isAIMode ? prompt.trim().replace(prefilled.current.shown, prefilled.current.sent) : undefined,
      file: isAIMode ? pdf : cover,
      cover: isAIMode ? cover : null,
      onProgress: setUploaded,
      signal: request.current.signal,
    });
  };

  if (create.isPending && isAIMode) {
    return (
      <Modal title={i18n._("New Experience")} onClose={close} size="md">
        <GenerationProgress uploaded={uploaded} withDocument={pdf !== null} onCancel={cancel} />
      </Modal>
    );
  }

  return (
    <Modal title={i18n._("New Experience")} onClose={close} size="md">
      <form ref={form} onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label={i18n._("Name")}
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          placeholder={i18n._("e.g. Lisbon Leadership Retreat")}
        />
        <DateRangeFields
          start={start}
          min={today}
          end={end}
          errors={errors}
          onStart={(value) => {
            // A start later than the end moves the end along.
            const nextEnd = value && value > end ? value : end;
            if (nextEnd !== end) acceptedEnd.current = nextEnd;
            changeDates(value, nextEnd);
          }}
          // Kept while typed (a year typed digit by digit passes through earlier dates); an end still before the
          // start when the field is left is ignored, as the spec says.
          onEnd={(value) => {
            if (value && value >= start) acceptedEnd.current = value;
            changeDates(start, value);
          }}
          onEndBlur={() => {
            if (end && end < start) changeDates(start, acceptedEnd.current >= start ? acceptedEnd.current : start);
          }}
        />
        <TimeZonePicker
          label={i18n._("Time zone")}
          value={timeZone}
          error={errors.timeZone}
          onInvalidChange={(refused) => (zoneRefused.current = refused)}
          hint={i18n._("Its days and times are in {zone}.", { zone: zoneName(Date.now(), timeZone) })}
          onChange={(zone) => {
            setTimeZone(zone);
            setErrors((e) => ({ ...e, timeZone: undefined, start: undefined, end: undefined }));
          }}
        />

        <ChoiceGroup legend={i18n._("Privacy")} words={PRIVACY_WORDS} value={privacy} onChange={setPrivacy} />
        <ChoiceGroup legend={i18n._("Who can join")} words={RSVP_TYPE_WORDS} value={rsvpType} onChange={setRsvpType} />

        <div className="space-y-3 rounded-xl border border-slate-200 p-4">
          <SwitchField
            label={i18n._("AI mode")}
            hint={i18n._("Build the itinerary from a prompt and an optional PDF.")}
            checked={isAIMode}
            onChange={setAIMode}
          />
          {isAIMode && (
            <>
              {/* Its line is kept while the server is asked, so the fields below do not move when the note appears. */}
              {generator.data?.generator !== "workers-ai" && !generator.isError && (
                <p
                  id={offlineNote}
                  aria-hidden={generator.isPending || undefined}
                  className={`text-sm text-slate-600 ${generator.isPending ? "invisible" : ""}`}
                >
                  {i18n._(OFFLINE_AI_NOTE)}
                </p>
              )}
              <TextAreaField
                label={pdf ? i18n._("Prompt (optional)") : i18n._("Prompt")}
                aria-describedby={generator.data?.generator === "offline" ? offlineNote : undefined}
                value={prompt}
                error={errors.prompt}
                onChange={(e) => {
                  promptEdited.current = true;
                  setPrompt(e.target.value);
                }}
              />
              <FilePicker
                label={i18n._("Attachment (PDF)")}
                accept="application/pdf"
                file={pdf}
                error={errors.pdf}
                onPick={(file) => {
                  if (file && file.type !== "application/pdf")
                    return setErrors((e) => ({ ...e, pdf: i18n._(GENERATION_MESSAGES.onlyPdf) }));
                  setErrors((e) => ({ ...e, pdf: undefined, prompt: undefined }));
                  setPdf(file);
                }}
              />
            </>
          )}
        </div>

        <FilePicker
          label={i18n._("Cover image (optional)")}
          accept="image/*"
          file={cover}
          error={errors.cover}
          onPick={(file) => {
            if (file && !file.type.startsWith("image/")) return setErrors((e) => ({ ...e, cover: i18n._("Please choose an image") }));
            setErrors((e) => ({ ...e, cover: undefined }));
            setCover(file);
          }}
        />

        <FormError>{errors.form}</FormError>
        <DialogFooter onCancel={close} busy={create.isPending} label={i18n._("Create")} busyLabel={i18n._("Creating...")} />
      </form>
    </Modal>
  );
}

function FilePicker({
  label,
  accept,
  file,
  error,
  onPick,
}: {
  label: string;
  accept: string;
  file: File | null;
  error?: string;
  onPick: (file: File | null) => void;
}) {
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <div className="flex items-center gap-3">
        <Button variant="secondary" onClick={() => input.current?.click()}>
          {file ? i18n._("Change file") : i18n._("Choose file")}
        </Button>
        <span className="min-w-0 truncate text-sm text-slate-600">{file ? file.name : i18n._("No file chosen")}</span>
        {file && (
          <button
            type="button"
            className="shrink-0 rounded-lg text-sm text-slate-500 hover:text-rose-600 max-sm:min-h-11 max-sm:px-2"
            onClick={() => onPick(null)}
            aria-label={i18n._("Remove {name}", { name: label })}
          >
            {i18n._("Remove")}
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={label}
        className="sr-only"
        onChange={(e) => {
          onPick(e.target.files?.[0] ?? null);
          e.target.value = "";
        }}
      />
      {error && <p className="text-sm text-rose-600">{error}</p>}
    </div>
  );
}
