import { useI18n } from "@web/lib/i18n";
import { intlLocale } from "@worker/shared/locales";
import type { ImportReport as Report } from "./api/upload-guest-list";

/** A sheet may hold 10,000 rows: the table shows the first problems, and says how many more there are. */
export const REPORT_ROWS_SHOWN = 200;

const OUTCOME_LABEL: Record<Report["rows"][number]["outcome"], string> = {
  INVITED: /*i18n*/ "Invited",
  DUPLICATE: /*i18n*/ "Duplicate",
  INVALID: /*i18n*/ "Invalid",
};

/** What the spreadsheet import did: the counts, then every row that was not invited (or not e-mailed), with the reason. */
export function ImportReport({ report }: { report: Report }) {
  const i18n = useI18n();
  const problems = report.rows.filter((row) => row.outcome !== "INVITED" || row.reason !== null);
  const shown = problems.slice(0, REPORT_ROWS_SHOWN);
  const counts = [
    { key: "invited", label: i18n._("Invited"), value: report.invited, tone: "text-emerald-700" },
    { key: "duplicates", label: i18n._("Duplicates"), value: report.duplicates, tone: "text-amber-700" },
    { key: "invalid", label: i18n._("Invalid"), value: report.invalid, tone: "text-rose-700" },
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <dl className="grid grid-cols-3 gap-2" aria-label={i18n._("Import summary")}>
        {counts.map((count) => (
          <div key={count.key} className="rounded-xl border border-slate-200 bg-slate-50 px-2 py-2 text-center">
            <dt className="text-xs font-medium text-slate-600">{count.label}</dt>
            <dd className={`text-xl font-semibold tabular-nums ${count.tone}`} data-testid={`report-${count.key}`}>
              {count.value.toLocaleString(intlLocale(i18n.locale))}
            </dd>
          </div>
        ))}
      </dl>
      {problems.length === 0 ? (
        <p className="text-sm text-slate-600">{i18n._("Every row was invited.")}</p>
      ) : (
        <div
          className="min-h-0 flex-1 overflow-y-auto rounded-xl border border-slate-200"
          tabIndex={0}
          role="region"
          aria-label={i18n._("Rows not invited")}
        >
          <table className="w-full table-fixed text-start text-sm">
            <caption className="sr-only">{i18n._("Rows not invited")}</caption>
            <thead className="sticky top-0 bg-slate-100 text-xs text-slate-600">
              <tr>
                <th scope="col" className="w-12 px-2 py-1.5 font-medium">
                  {i18n._("Row")}
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {i18n._("Email")}
                </th>
                <th scope="col" className="w-2/5 px-2 py-1.5 font-medium">
                  {i18n._("Reason")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((row) => (
                <tr key={row.row} className="align-top">
                  <td className="px-2 py-1.5 tabular-nums text-slate-500">{row.row}</td>
                  <td className="px-2 py-1.5 break-all text-slate-900">
                    {row.email || <span className="text-slate-400">{i18n._("(empty)")}</span>}
                  </td>
                  <td className="px-2 py-1.5 break-words text-slate-700">{i18n._(row.reason ?? OUTCOME_LABEL[row.outcome])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {problems.length > shown.length && (
            <p className="px-2 py-2 text-sm text-slate-600">
              {i18n._("…and {count, number} more", { count: problems.length - shown.length })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
