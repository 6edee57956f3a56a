import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useI18n } from "@web/lib/i18n";

const control =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-slate-100 aria-[invalid=true]:border-rose-400";

interface FieldProps {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

/**
 * A control under its label. A required one says 'Required' beside the label (outside it, so the label stays the
 * field's name); the control carries `required` for assistive technology.
 */
function Field({ id, label, required, children }: { id: string; label: string; required?: boolean; children: ReactNode }) {
  const i18n = useI18n();
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {required && (
          <span className="text-xs text-slate-500" aria-hidden="true">
            {i18n._("Required")}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}

/** A text input under its label; `className` adds to its look (a width, a font), its error or else its hint describes it. */
export function TextField({
  label,
  error,
  hint,
  className = "",
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label} required={input.required}>
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={described} className={`${control} ${className}`.trim()} {...input} />
      {hint && !error && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </Field>
  );
}

/** A native select under its label (its options are the children); `className` adds to its look, its hint describes it. */
export function SelectField({
  label,
  hint,
  className = "",
  children,
  ...select
}: Omit<FieldProps, "error"> & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} required={select.required}>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={`${control} ${className}`.trim()} {...select}>
        {children}
      </select>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
    </Field>
  );
}

/** The line under a control on what to put in it (the control names it in `aria-describedby`). */
function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-slate-500">
      {children}
    </p>
  );
}

export function TextAreaField({ label, error, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} required={textarea.required}>
      <textarea id={id} aria-invalid={Boolean(error)} className={`${control} min-h-24`} {...textarea} />
      {error && <p className="text-sm text-rose-600">{error}</p>}
    </Field>
  );
}

/** An on/off switch beside its name and a line on what it does. */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
  className = "",
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  className?: string;
}) {
  return (
    <label className={`flex items-center justify-between gap-3 ${className}`.trim()}>
      <span>
        <span className="block text-sm font-medium text-slate-800">{label}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        aria-label={label}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 accent-brand-600"
      />
    </label>
  );
}

export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-700">
      {children}
    </div>
  );
}
