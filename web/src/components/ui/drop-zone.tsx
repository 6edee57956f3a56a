import { useState, type ReactNode } from "react";

/** A dashed area that takes dropped files and highlights while files are dragged over it. */
export function DropZone({
  onFiles,
  testId,
  className = "",
  children,
}: {
  onFiles: (files: FileList) => void;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      }}
      data-testid={testId}
      className={`relative flex flex-col items-center rounded-xl border-2 border-dashed px-4 text-center transition ${dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"} ${className}`}
    >
      {children}
    </div>
  );
}
