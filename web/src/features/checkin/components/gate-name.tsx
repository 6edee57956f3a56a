import { useState } from "react";
import { TextField } from "@web/components/ui/field";
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
  const missing = name.trim() === "";
  return (
    <TextField
      label="Scanner name"
      value={name}
      maxLength={40}
      onChange={(event) => onChange(event.target.value)}
      placeholder="Gate 1"
      hint={missing ? "Name this scanner (e.g. 'Gate 2') to start scanning" : undefined}
      className="sm:max-w-60"
    />
  );
}
