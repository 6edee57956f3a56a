import type { ReactNode } from "react";

export function AuthSuccess({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="space-y-4 py-4 text-center" role="status">
      <div className="mx-auto grid size-12 place-items-center rounded-full bg-emerald-100 text-2xl text-emerald-600">✓</div>
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}
