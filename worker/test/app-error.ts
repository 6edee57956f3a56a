import { expect } from "vitest";
import { AppError } from "@worker/lib/errors";

/** The AppError a piece of work refuses with (it must refuse), as its status and message. */
export async function failure(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}
