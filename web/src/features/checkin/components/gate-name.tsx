import { useState } from "react";
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
    <div>
      <label className="block text-sm font-medium text-slate-700" htmlFor="checkin-device">
        Scanner name
      </label>
      <input
        id="checkin-device"
        value={name}
        maxLength={40}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Gate 1"
        aria-describedby={missing ? "checkin-device-hint" : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm sm:max-w-60"
      />
      {missing && (
        <p id="checkin-device-hint" className="mt-1 text-sm text-slate-600">
          Name this scanner (e.g. 'Gate 2') to start scanning
        </p>
      )}
    </div>
  );
}
