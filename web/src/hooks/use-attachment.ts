import { useRef, useState } from "react";

/**
 * The one file a form attaches: dropped or chosen through a hidden file input, refused here with a reason
 * (`problemOf`) before any upload, and removed again (which also empties the input, so the same file can
 * be chosen twice). Nothing is taken while the form is busy.
 */
export function useAttachment({ problemOf, busy }: { problemOf: (files: FileList) => string | null; busy: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = (files: FileList | null) => {
    if (!files?.length || busy) return;
    const refusal = problemOf(files);
    setProblem(refusal);
    if (!refusal) setFile(files[0]!);
  };
  const remove = () => {
    setFile(null);
    if (input.current) input.current.value = "";
  };
  /** After the form is sent: no file and no reason left. */
  const reset = () => {
    setProblem(null);
    remove();
  };

  return { file, problem, input, busy, choose, remove, reset };
}

export type Attachment = ReturnType<typeof useAttachment>;
