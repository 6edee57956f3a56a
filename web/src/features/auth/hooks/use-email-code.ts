import { useState } from "react";
import { useSendOtp } from "../api/send-otp";

/**
 * The first two steps of a flow that proves an address by a mailed code: the address is entered (`email`),
 * then the code (`otp`), which can be sent again; the flow goes on with steps of its own.
 */
export function useEmailCode<Step extends string>(otpType?: "PASSWORD_RESET") {
  const [step, setStep] = useState<"email" | "otp" | Step>("email");
  const [email, setEmail] = useState("");
  const [otpId, setOtpId] = useState("");
  const sendOtp = useSendOtp();

  /** For EmailStep's `onSent`: the code is on its way to `value`. */
  const sent = (value: string, id: string) => {
    setEmail(value);
    setOtpId(id);
    setStep("otp");
  };
  /** For OtpStep's `onResend`: a new code, which replaces the one before. */
  const resend = async () => setOtpId((await sendOtp.mutateAsync(otpType ? { emailOrPhone: email, otpType } : { emailOrPhone: email })).id);

  return { step, setStep, email, setEmail, otpId, sent, resend };
}
