import { authPanel, type AuthMode } from "@web/lib/auth-panel";

export function SwitchLink({ to, children }: { to: AuthMode; children: string }) {
  return (
    <button type="button" className="font-semibold text-brand-600 hover:text-brand-700" onClick={() => authPanel.open(to)}>
      {children}
    </button>
  );
}
