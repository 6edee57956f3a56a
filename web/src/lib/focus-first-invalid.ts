import { useCallback, useEffect, useRef, useState } from "react";

/**
 * After a refused submit: scrolls the first field marked `aria-invalid="true"` inside `root` into view and focuses it,
 * so its message is where the user is looking (on a phone the first bad field is often scrolled out of the dialog).
 * Without an invalid field, a form-level error (`role="alert"`) is scrolled into view instead. Answers whether
 * something was found.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  if (!root) return false;
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (field) {
    field.scrollIntoView?.({ block: "center" });
    field.focus({ preventScroll: true });
    return true;
  }
  const alert = root.querySelector<HTMLElement>('[role="alert"]');
  alert?.scrollIntoView?.({ block: "center" });
  return alert !== null;
}

/**
 * For a form whose errors live in React state: put `ref` on the form and call the returned function where the submit
 * sets its errors. The focus happens after React has rendered them, so the fields are already marked invalid.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) focusFirstInvalid(ref.current);
  }, [requests]);
  const focusInvalid = useCallback(() => setRequests((n) => n + 1), []);
  return { ref, focusInvalid };
}
