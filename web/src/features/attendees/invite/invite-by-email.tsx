import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/field";
import { CloseIcon } from "@web/components/ui/icons";
import { errorMessage } from "@web/lib/api-client";
import { fieldError } from "@web/lib/field-error";
import { i18n, useI18n } from "@web/lib/i18n";
import { INVALID_INVITEE, inviteBodySchema, isEmailAddress } from "@worker/features/rsvp/rsvp.schema";
import { useInviteGuests } from "./api/invite-guests";

interface EmailField {
  key: number;
  value: string;
  error?: string;
}

let nextKey = 1;
const blankField = (): EmailField => ({ key: nextKey++, value: "" });

/** The addresses typed so far; kept by the modal so they survive a switch to the other tab. */
export function useEmailFields() {
  return useState<EmailField[]>(() => [blankField()]);
}

const invalidMessage = (value: string) => (isEmailAddress(value) ? undefined : i18n._(INVALID_INVITEE, { address: value }));

const control =
  "block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-rose-400";

/**
 * Spec 2 §5: one required email input per address; Enter adds a field only after a valid address,
 * Backspace in an empty field removes it, and blank fields are ignored when sending.
 */
export function InviteByEmail({
  eventId,
  fields: [fields, setFields],
  autoFocus,
  onSent,
}: {
  eventId: string;
  fields: ReturnType<typeof useEmailFields>;
  autoFocus: boolean;
  onSent: () => void;
}) {
  const i18n = useI18n();
  const invite = useInviteGuests(eventId);
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const focusNext = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (focusNext.current === null) return;
    inputs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  }, [fields]);

  const addresses = fields.map((f) => f.value.trim()).filter(Boolean);
  const last = fields[fields.length - 1]!;
  const canAdd = isEmailAddress(last.value.trim());

  const update = (key: number, value: string) => setFields((all) => all.map((f) => (f.key === key ? { key, value } : f)));

  const addAfter = (index: number) => {
    const added = blankField();
    focusNext.current = added.key;
    setFields((all) => [...all.slice(0, index + 1), added, ...all.slice(index + 1)]);
  };

  const remove = (index: number) => {
    if (fields.length === 1) return;
    focusNext.current = (fields[index - 1] ?? fields[index + 1])!.key;
    setFields((all) => all.filter((_, i) => i !== index));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (e.nativeEvent.isComposing) return;
    const field = fields[index]!;
    if (e.key === "Enter") {
      e.preventDefault();
      const value = field.value.trim();
      if (isEmailAddress(value)) addAfter(index);
      else if (value) setFields((all) => all.map((f) => (f.key === field.key ? { ...f, error: invalidMessage(value) } : f)));
    } else if (e.key === "Backspace" && field.value === "" && fields.length > 1) {
      e.preventDefault();
      remove(index);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invite.isPending || addresses.length === 0) return;
    setFormError(null);
    const checked = fields.map((f) => ({ ...f, error: f.value.trim() ? invalidMessage(f.value.trim()) : undefined }));
    const firstBad = checked.find((f) => f.error);
    if (firstBad) {
      setFields(checked);
      inputs.current.get(firstBad.key)?.focus();
      return;
    }
    const refusal = fieldError(inviteBodySchema, { eventId, invitees: addresses, selfInvited: false });
    if (refusal) {
      setFormError(i18n._(refusal));
      return;
    }
    invite.mutate(addresses, { onSuccess: onSent, onError: (error) => setFormError(errorMessage(error)) });
  };

  return (
    // The browser's own checks would refuse the blank fields the spec asks us to ignore.
    <form noValidate onSubmit={submit} className="flex h-full flex-col gap-3">
      <p className="text-sm text-slate-600">
        {i18n._("Each guest gets an e-mail with a link to this experience. Press Enter after an address to add another.")}
      </p>
      <ul className="-mx-1 min-h-0 flex-1 space-y-2 overflow-y-auto px-1 py-1" aria-label={i18n._("Guest e-mail addresses")}>
        {fields.map((field, index) => {
          const errorId = `invite-email-${field.key}-error`;
          return (
            <li key={field.key}>
              <div className="flex items-center gap-2">
                <input
                  ref={(node) => {
                    if (node) inputs.current.set(field.key, node);
                    else inputs.current.delete(field.key);
                  }}
                  type="email"
                  required
                  autoFocus={autoFocus && index === 0}
                  inputMode="email"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  enterKeyHint="next"
                  placeholder="guest@example.com"
                  aria-label={i18n._("Email address {number}", { number: index + 1 })}
                  aria-invalid={Boolean(field.error)}
                  aria-describedby={field.error ? errorId : undefined}
                  value={field.value}
                  onChange={(e) => update(field.key, e.target.value)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  className={control}
                />
                {fields.length > 1 && (
                  <button
                    type="button"
                    onClick={() => remove(index)}
                    aria-label={
                      field.value.trim()
                        ? i18n._("Remove {address}", { address: field.value.trim() })
                        : i18n._("Remove email address {number}", { number: index + 1 })
                    }
                    className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-700 sm:size-9"
                  >
                    <CloseIcon />
                  </button>
                )}
              </div>
              {field.error && (
                <p id={errorId} className="mt-1 text-sm break-words text-rose-600">
                  {field.error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <FormError>{formError}</FormError>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={() => addAfter(fields.length - 1)} disabled={!canAdd}>
          {i18n._("+ Add another")}
        </Button>
        <Button type="submit" disabled={addresses.length === 0 || invite.isPending}>
          {invite.isPending ? i18n._("Sending…") : i18n._("Send Invitations")}
        </Button>
      </div>
    </form>
  );
}
