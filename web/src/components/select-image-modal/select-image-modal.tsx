import type { I18n } from "@lingui/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { mediaSearchQuery, type MediaOrientation } from "@web/components/select-image-modal/media-search";
import { Button } from "@web/components/ui/button";
import { DropZone } from "@web/components/ui/drop-zone";
import { ExternalLink } from "@web/components/ui/external-link";
import { FormError, SelectField, TextField } from "@web/components/ui/field";
import { FileInput } from "@web/components/ui/file-input";
import { ImageUploadIcon } from "@web/components/ui/icons";
import { Modal } from "@web/components/ui/modal";
import { SearchField } from "@web/components/ui/search-field";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, useTabIds } from "@web/components/ui/tabs";
import { toast } from "@web/components/ui/toast";
import { UPLOAD_TICK_MS, UploadStatusBadge, useUploadStatus } from "@web/components/ui/upload-status";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "@web/hooks/use-debounced-value";
import { errorMessage } from "@web/lib/api-client";
import { serverConfigQuery } from "@web/lib/config";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { MEDIA_ORIENTATIONS, type MediaResult } from "@worker/features/media/media.schema";
import type { ExternalImageInput } from "@worker/shared/image-input.schema";
import { hasPublicHost, isHttpsUrl } from "@worker/shared/public-url";

/** A picture chosen by search or link, as the image endpoints take it. */
type PickedImage = ExternalImageInput;

/** A toast's message, as its English source: word it with `i18n._(IMAGE_UPLOADED)` where it is shown. */
export const IMAGE_UPLOADED = /*i18n*/ "Image uploaded successfully";
const IMAGE_UPLOAD_FAILED = /*i18n*/ "Failed to upload image";

type Tab = "upload" | "search" | "link";
const UPLOAD = { id: "upload", label: /*i18n*/ "Upload" } as const;
const SEARCH = { id: "search", label: /*i18n*/ "Search" } as const;
const LINK = { id: "link", label: /*i18n*/ "Link" } as const;

/** The orientations the search offers, by name. */
const ORIENTATION_LABEL: Record<MediaOrientation, string> = {
  landscape: /*i18n*/ "Landscape",
  portrait: /*i18n*/ "Portrait",
  squarish: /*i18n*/ "Squarish",
};

const SOURCE_NAME: Record<MediaResult["source"], string> = { UNSPLASH: "Unsplash", PEXELS: "Pexels" };

export interface SelectImageModalProps {
  title?: string;
  /** Spec 2 §8: activity image errors show in the modal; day and event image errors are toasts. */
  errors?: "inline" | "toast";
  /** The toast after a choice; null where the choice is only kept for later (Add Activity). */
  successToast?: string | null;
  onClose: () => void;
  onUpload: (file: File) => Promise<unknown>;
  onPick: (image: PickedImage) => Promise<unknown>;
}

/**
 * Choose an image: upload a file or paste an https link, and search Unsplash/Pexels where this deployment has a key
 * (the Search tab is offered only then, never as a tab that cannot work).
 */
export function SelectImageModal({
  title,
  errors = "inline",
  successToast = IMAGE_UPLOADED,
  onClose,
  onUpload,
  onPick,
}: SelectImageModalProps) {
  const i18n = useI18n();
  const [tab, setTab] = useState<Tab>("upload");
  const searchable = useQuery(serverConfigQuery).data?.imageSearch === true;
  const tabs = (searchable ? [UPLOAD, SEARCH, LINK] : [UPLOAD, LINK]).map((t) => ({ ...t, label: i18n._(t.label) }));
  const [error, setError] = useState<string | null>(null);
  const ids = useTabIds<Tab>();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const failed = (err: unknown) => {
    const message = typeof err === "string" ? err : errorMessage(err, i18n._(IMAGE_UPLOAD_FAILED));
    if (errors === "toast") toast.error(message);
    else setError(message);
  };
  const attempt = { onStart: () => setError(null), onFail: failed };

  const succeeded = (delayMs = 0) => {
    if (successToast) toast.success(i18n._(successToast));
    if (delayMs > 0) closeTimer.current = setTimeout(onClose, delayMs);
    else onClose();
  };

  return (
    <Modal title={title ?? i18n._("Select Image")} onClose={onClose} size="lg">
      <Tabs label={i18n._("Image source")} tabs={tabs} selected={tab} onSelect={setTab} ids={ids} className="mb-4" />
      <div {...ids.panelProps(tab)} className="space-y-3">
        <FormError>{error}</FormError>
        {tab === "upload" && <UploadPane onUpload={onUpload} onDone={() => succeeded(UPLOAD_TICK_MS)} {...attempt} />}
        {tab === "search" && <SearchPane onPick={onPick} onDone={() => succeeded()} onSwitch={setTab} {...attempt} />}
        {tab === "link" && <LinkPane onPick={onPick} onDone={() => succeeded()} {...attempt} />}
      </div>
    </Modal>
  );
}

/** What each pane reports to the modal: an attempt starts, or fails (a message, or the error thrown). */
interface Attempt {
  onStart: () => void;
  onFail: (error: unknown) => void;
}

function UploadPane({ onUpload, onDone, onStart, onFail }: Attempt & { onUpload: (file: File) => Promise<unknown>; onDone: () => void }) {
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const { status, track } = useUploadStatus();

  const upload = async (file: File | undefined) => {
    if (!file || status === "uploading") return;
    if (!file.type.startsWith("image/")) {
      onFail(i18n._("Please choose an image file"));
      return;
    }
    onStart();
    try {
      await track(() => onUpload(file));
      onDone();
    } catch (err) {
      onFail(err);
    }
  };

  return (
    <div className="space-y-3">
      <DropZone onFiles={(files) => void upload(files[0])} testId="image-drop-zone" className="gap-3 py-10">
        <ImageUploadIcon />
        <p className="text-sm text-slate-600">{i18n._("Drag an image here, or")}</p>
        <Button onClick={() => input.current?.click()} disabled={status === "uploading"}>
          {i18n._("Choose image")}
        </Button>
        <FileInput ref={input} accept="image/*" label={i18n._("Image file")} onFiles={(files) => void upload(files[0])} />
        <UploadStatusBadge status={status} />
      </DropZone>
    </div>
  );
}

function SearchPane({
  onPick,
  onDone,
  onSwitch,
  onStart,
  onFail,
}: Attempt & { onPick: (image: PickedImage) => Promise<unknown>; onDone: () => void; onSwitch: (tab: Tab) => void }) {
  const i18n = useI18n();
  const [term, setTerm] = useState("");
  const [orientation, setOrientation] = useState<MediaOrientation>("landscape");
  const query = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery(mediaSearchQuery(query, orientation));
  const [picking, setPicking] = useState<string | null>(null);

  // The keys were removed after this page read the config: the search says so and the other ways stay one click away.
  if (search.data?.configured === false) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-6 text-center">
        <p className="font-medium text-slate-900">{i18n._("Image search is not configured")}</p>
        <p className="mt-1 text-sm text-slate-600">
          <Trans
            id="You can <0>upload an image</0> or <1>paste a link</1> instead."
            components={{
              0: <button type="button" className="font-medium text-brand-700 underline" onClick={() => onSwitch("upload")} />,
              1: <button type="button" className="font-medium text-brand-700 underline" onClick={() => onSwitch("link")} />,
            }}
          />
        </p>
      </div>
    );
  }

  const pick = async (photo: MediaResult) => {
    if (picking) return;
    setPicking(photo.photoId);
    onStart();
    try {
      await onPick({ photoId: photo.photoId, source: photo.source, rawUrl: photo.urls.large || photo.urls.raw });
      onDone();
    } catch (err) {
      onFail(err);
    } finally {
      setPicking(null);
    }
  };

  const waiting = term.trim() !== query || search.isFetching;
  let body;
  if (!term.trim()) body = <Centered>{i18n._("Enter a search term to find images")}</Centered>;
  else if (waiting)
    body = (
      <Centered>
        <Spinner label={i18n._("Searching images")} />
      </Centered>
    );
  else if (search.isError) body = <Centered tone="error">{i18n._("Failed to load images. Please try again.")}</Centered>;
  else if (!search.data?.results.length) body = <Centered>{i18n._("No images found")}</Centered>;
  else
    body = (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {search.data.results.map((photo) => (
          <li key={`${photo.source}-${photo.photoId}`} className="min-w-0">
            <button
              type="button"
              onClick={() => void pick(photo)}
              disabled={picking !== null}
              className="relative block aspect-[4/3] w-full overflow-hidden rounded-lg bg-slate-100 ring-brand-500 transition hover:opacity-90 focus-visible:ring-2 focus-visible:outline-none disabled:cursor-wait"
            >
              <img
                src={photo.urls.small || photo.urls.medium}
                alt={i18n._("Photo by {name}", { name: photo.attribution.name })}
                loading="lazy"
                className="size-full object-cover"
              />
              {picking === photo.photoId && (
                <span className="absolute inset-0 grid place-items-center bg-slate-900/45">
                  <Spinner label={i18n._("Saving image")} className="size-6 border-white border-t-transparent" />
                </span>
              )}
            </button>
            <p className="mt-1 truncate text-xs text-slate-500">
              <Trans
                id="Photo by <0>{name}</0> on {source}"
                values={{ name: photo.attribution.name, source: SOURCE_NAME[photo.source] }}
                components={{
                  0: <ExternalLink href={photo.attribution.profileUrl} className="text-slate-700 underline hover:text-brand-700" />,
                }}
              />
            </p>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <SearchField label={i18n._("Search images")} value={term} onValue={setTerm} placeholder={i18n._("e.g. beach sunset")} />
        <SelectField label={i18n._("Orientation")} value={orientation} onChange={(e) => setOrientation(e.target.value as MediaOrientation)}>
          {MEDIA_ORIENTATIONS.map((o) => (
            <option key={o} value={o}>
              {i18n._(ORIENTATION_LABEL[o])}
            </option>
          ))}
        </SelectField>
      </div>
      {body}
    </div>
  );
}

const linkError = (link: string, i18n: I18n) =>
  !isHttpsUrl(link)
    ? i18n._("Enter an https:// link to an image")
    : !hasPublicHost(link)
      ? i18n._("Enter a link to an image on a public website")
      : null;

function LinkPane({ onPick, onDone, onStart, onFail }: Attempt & { onPick: (image: PickedImage) => Promise<unknown>; onDone: () => void }) {
  const i18n = useI18n();
  const [url, setUrl] = useState("");
  const [broken, setBroken] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = url.trim();
  const invalid = link ? linkError(link, i18n) : null;
  const valid = link !== "" && invalid === null;

  const use = async () => {
    if (!valid || busy) return;
    setBusy(true);
    onStart();
    try {
      await onPick({ source: "LINK", rawUrl: link });
      onDone();
    } catch (err) {
      onFail(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void use();
      }}
    >
      <TextField
        label={i18n._("Image link")}
        type="url"
        inputMode="url"
        placeholder="https://example.com/photo.jpg"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setBroken(false);
        }}
        error={invalid}
      />
      <div className="grid aspect-video w-full place-items-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 text-sm text-slate-500">
        {valid && !broken ? (
          <img
            src={link}
            alt={i18n._("Preview of the linked image")}
            className="size-full object-contain"
            onError={() => setBroken(true)}
          />
        ) : broken ? (
          i18n._("The image could not be loaded from this link")
        ) : (
          i18n._("The preview appears here")
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={!valid || busy}>
          {busy ? i18n._("Saving...") : i18n._("Use this image")}
        </Button>
      </div>
    </form>
  );
}

function Centered({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className={`grid min-h-40 place-items-center rounded-xl bg-slate-50 p-6 text-center text-sm ${tone === "error" ? "text-rose-700" : "text-slate-600"}`}
    >
      {children}
    </div>
  );
}
