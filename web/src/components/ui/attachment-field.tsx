import { useId, type ReactElement, type ReactNode } from "react";
import type { Attachment } from "@web/hooks/use-attachment";
import { DropZone } from "./drop-zone";

/**
 * Where a form takes its one file: a drop zone with a "choose" button while there is none, the caller's
 * preview once there is, the hidden file input behind both, and the reason a file was refused.
 */
export function AttachmentField({
  attachment,
  preview,
  label,
  accept,
  prompt,
  hint,
  testId,
}: {
  attachment: Attachment;
  /** What shows the chosen file (with its Remove button). */
  preview: (file: File) => ReactNode;
  /** The file input's name. */
  label: string;
  accept: string;
  /**
   * The drop zone's sentence, its "choose" button inside as one whole message:
   * `(choose) => <Trans id="Drop a file here, or <0>choose one</0>" components={{ 0: choose }} />`.
   */
  prompt: (choose: ReactElement) => ReactNode;
  hint?: string;
  testId: string;
}) {
  const { file, problem, input, busy } = attachment;
  const problemId = useId();
  return (
    <>
      {file ? (
        preview(file)
      ) : (
        <DropZone onFiles={attachment.choose} testId={testId} className="py-3">
          <p className="text-sm text-slate-600">
            {prompt(
              <button
                type="button"
                className="font-semibold text-brand-700 hover:text-brand-800"
                onClick={() => input.current?.click()}
                disabled={busy}
              />,
            )}
          </p>
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
        </DropZone>
      )}
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => attachment.choose(event.target.files)}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-rose-700">
          {problem}
        </p>
      )}
    </>
  );
}
