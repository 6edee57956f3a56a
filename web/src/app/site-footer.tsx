import { LanguagePicker } from "@web/components/language-picker/language-picker";
import { Footer } from "@web/features/shell/footer";

/** The shell's footer with the language picker: on every page, signed in or out, the share page included. */
export function SiteFooter() {
  return (
    <Footer>
      <LanguagePicker />
    </Footer>
  );
}
