import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { TextAreaField, TextField } from "@web/components/ui/field";
import { UploadStatusBadge, useUploadStatus } from "@web/components/ui/upload-status";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { displayName, type CurrentUser } from "@web/lib/session";
import { profileQueryOptions } from "./api/get-profile";
import { useSendPasswordResetLink } from "./api/send-password-reset-link";
import { useUpdateProfile } from "./api/update-profile";
import { useUploadProfilePicture } from "./api/upload-profile-picture";
import { ProfilePending } from "./profile-page";

export function ProfileEditPage() {
  const { data: user, error, refetch } = useQuery(profileQueryOptions());
  if (!user) return <ProfilePending error={error} onRetry={() => void refetch()} />;
  return <ProfileForm user={user} />;
}

/** Interests are trimmed; empty ones are ignored and duplicates are not added. */
export function addInterest(tags: string[], value: string): string[] {
  const tag = value.trim();
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}

function ProfileForm({ user }: { user: CurrentUser }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    organisation: user.organisation,
    about: user.bio,
  });
  const [tags, setTags] = useState(user.tags);
  const [draft, setDraft] = useState("");
  const upload = useUploadStatus();
  const fileInput = useRef<HTMLInputElement>(null);

  const title = i18n._("Edit profile");
  useEffect(() => {
    document.title = `${title} · Experiences`;
  }, [title]);

  const save = useUpdateProfile({ onSuccess: () => navigate("/profile") });
  const picture = useUploadProfilePicture();
  const resetLink = useSendPasswordResetLink();

  const changePicture = async (file: File | undefined) => {
    if (!file) return;
    // The hook tells the failure; the badge shows it too.
    await upload.track(() => picture.mutateAsync(file)).catch(() => undefined);
  };

  const onInterestKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      setTags((t) => addInterest(t, draft));
      setDraft("");
    } else if (e.key === "Escape") {
      e.preventDefault();
      setDraft("");
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      organisation: form.organisation.trim(),
      bio: form.about,
      tags,
    });
  };

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <form onSubmit={submit} className="mx-auto max-w-2xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="flex flex-wrap items-center gap-4">
        {/* The picture labels the file input, so a click on it chooses a file; keyboards use Upload photo. */}
        <div className="relative rounded-full">
          <label className="block cursor-pointer rounded-full">
            <Avatar src={user.profilePic?.original} name={displayName(user)} className="size-24 text-2xl" />
            <span className="sr-only">{i18n._("Change profile picture")}</span>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              disabled={upload.status === "uploading"}
              data-testid="avatar-input"
              onChange={(e) => {
                void changePicture(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </label>
          <UploadStatusBadge status={upload.status} />
        </div>
        <div className="space-y-1">
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={upload.status === "uploading"}>
            {i18n._("Upload photo")}
          </Button>
          <p className="text-xs text-slate-500">{i18n._("JPG, PNG, GIF, WebP, AVIF or BMP, up to 10 MB.")}</p>
        </div>
        <button
          type="button"
          onClick={() => resetLink.mutate(user.emailId)}
          className="ms-auto text-sm font-semibold text-brand-600 hover:text-brand-700"
        >
          {i18n._("Change Password")}
        </button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={i18n._("First Name")} value={form.firstName} onChange={(e) => set("firstName")(e.target.value)} />
        <TextField label={i18n._("Last Name")} value={form.lastName} onChange={(e) => set("lastName")(e.target.value)} />
      </div>
      <TextField label={i18n._("Organisation")} value={form.organisation} onChange={(e) => set("organisation")(e.target.value)} />
      <TextAreaField label={i18n._("About")} value={form.about} onChange={(e) => set("about")(e.target.value)} />
      <div className="space-y-2">
        <TextField
          label={i18n._("Interests")}
          placeholder={i18n._("Type interest...")}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onInterestKey}
          onBlur={() => {
            setTags((t) => addInterest(t, draft));
            setDraft("");
          }}
        />
        <ul className="flex flex-wrap gap-2" aria-label={i18n._("Interests")}>
          {tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 ps-3 pe-1 text-sm font-medium text-brand-700">
              <UserText>{tag}</UserText>
              <button
                type="button"
                aria-label={i18n._("Remove {tag}", { tag })}
                onClick={() => setTags((t) => t.filter((x) => x !== tag))}
                className="relative grid size-5 place-items-center rounded-full after:absolute after:-inset-3 hover:bg-brand-100 sm:after:-inset-1"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </div>
      <DialogFooter
        onCancel={() => navigate("/profile")}
        busy={save.isPending}
        label={i18n._("Save Changes")}
        busyLabel={i18n._("Saving...")}
        className="flex justify-end gap-3 border-t border-slate-100 pt-4"
      />
    </form>
  );
}
