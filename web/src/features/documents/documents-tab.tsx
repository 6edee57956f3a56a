export function DocumentsTab() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-12 text-center text-slate-600">
      <p className="font-semibold text-slate-900">Documents</p>
      <p className="mt-1 text-sm">Coming soon to this experience.</p>
    </div>
  );
}
