import { useState } from "react";
import { TextField } from "@web/components/ui/field";
import { useI18n } from "@web/lib/i18n";
import { storage, STORAGE_KEYS } from "@web/lib/storage";

/** This device's scanner name ('Gate 1'), remembered on the device: the other gates see it beside each admission. */
export function useGateName() {
  const [name, setName] = useState(() => storage.get<string>(STORAGE_KEYS.checkinDevice) ?? "");
  const change = (value: string) => {
    setName(value);
    storage.set(STORAGE_KEYS.checkinDevice, value.trim());
  };
  return [name, change] as const;
}

export function GateName({ name, onChange }: { name: string; onChange: (name: string) => void }) {
  const i18n = useI18n();
  const missing = name.trim() === "";
  return (
    <TextField
      label={i18n._("Scanner name")}
      value={name}
      maxLength={40}
      onChange={(event) => onChange(event.target.value)}
      placeholder={i18n._("Gate 1")}
      hint={missing ? i18n._("Name this scanner (e.g. 'Gate 2') to start scanning") : undefined}
      className="sm:max-w-60"
    />
  );
}
