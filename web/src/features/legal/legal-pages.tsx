import type { ReactNode } from "react";
import { CalendarOutlineIcon, MailOutlineIcon, MapPinIcon, PhoneIcon } from "@web/components/ui/icons";
import { useI18n } from "@web/lib/i18n";
import { Bullets, COMPANY, LegalLayout, LegalSection, textLink } from "./legal-layout";

export { LegalLayout } from "./legal-layout";

function SupportEmail() {
  return (
    <a href={`mailto:${COMPANY.email}`} className={textLink}>
      {COMPANY.email}
    </a>
  );
}

export function PrivacyPolicyPage() {
  const i18n = useI18n();
  return (
    <LegalLayout title={i18n._("Privacy Policy")} englishOnly>
      <p>
        This Privacy Policy explains how {COMPANY.name} ("Experiences", "we", "us" or "our") collects, uses, shares and protects personal
        information when you use the Experiences website, web application and mobile apps (together, the "Service"). It applies to
        organisers who create experiences, to hosts who help run them and to guests who are invited to them.
      </p>
      <p>By using the Service you agree to the practices described in this policy. If you do not agree, please do not use the Service.</p>

      <LegalSection title="1. Information we collect">
        <p>We collect the information you give us, the information organisers give us about their guests, and limited technical data:</p>
        <Bullets>
          <li>
            <strong className="font-semibold text-slate-900">Account information:</strong> your name, e-mail address, password (stored only
            in hashed form), profile photo, organisation, and the bio and interests you choose to add.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Demographic information:</strong> such as your city or country, age range,
            gender and preferred language, where you or an organiser provide it.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Event information:</strong> event details (titles, dates, venues, days and
            timed activities), guest lists, RSVPs and check-ins, bookings, documents, bulletins, feed posts, photos and feedback responses.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Payment information:</strong> your billing name and address and the card brand,
            last four digits and expiry date. Card payments are processed by our payment processor; we never store full card numbers or
            security codes.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Usage and device information:</strong> IP address, browser and device type,
            operating system, pages and features used, and error and performance logs.
          </li>
        </Bullets>
      </LegalSection>

      <LegalSection title="2. How we use your information">
        <Bullets>
          <li>To create and secure your account and sign you in.</li>
          <li>
            To provide the Service: build and share itineraries, send invitations, record RSVPs and check-ins, store documents and deliver
            real-time updates to the people attending an experience.
          </li>
          <li>To generate itinerary suggestions when you use AI-assisted planning, based on the event details you enter.</li>
          <li>To process payments and send receipts and invoices.</li>
          <li>To send service messages such as one-time passwords, password resets and changes to an experience you are part of.</li>
          <li>To understand how the Service is used so that we can fix problems and improve it.</li>
          <li>To prevent fraud and abuse, enforce our Terms of Service and comply with the law.</li>
        </Bullets>
      </LegalSection>

      <LegalSection title="3. How we share information">
        <p>We do not sell your personal information. We share it only as described below:</p>
        <Bullets>
          <li>
            <strong className="font-semibold text-slate-900">Payment processors</strong>, to process card payments and prevent fraudulent
            transactions.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">E-mail delivery providers</strong>, to send invitations, one-time passwords and
            other service e-mails on our behalf.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Analytics providers</strong>, to help us measure and improve the Service. They
            receive usage and device information, not the content of your events.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Organisers, hosts and other guests</strong> of an experience you join, who can
            see your name, RSVP and check-in status and what you post, according to that experience's privacy settings.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Hosting and infrastructure providers</strong> that store and serve the Service
            for us.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Authorities or other parties</strong> when the law requires it, to protect the
            rights and safety of our users or the public, or as part of a merger or acquisition bound by this policy.
          </li>
        </Bullets>
        <p>Our service providers may use your information only to provide their services to us and must keep it confidential and secure.</p>
      </LegalSection>

      <LegalSection title="4. Retention and security">
        <p>
          We keep your information for as long as your account is active or as needed to provide the Service. When you delete your account
          we delete or anonymise your personal information, except where we must keep records to meet tax, accounting or other legal
          obligations. Content you posted in an experience organised by someone else may remain visible to that experience's organiser until
          they delete it.
        </p>
        <p>
          We protect your information with encryption in transit, hashed passwords, access controls and regular reviews of who can reach
          production systems. No method of transmission or storage is completely secure, so we cannot guarantee absolute security.
        </p>
      </LegalSection>

      <LegalSection title="5. Your rights and choices">
        <p>Subject to applicable law, including India's Digital Personal Data Protection Act, 2023, you may:</p>
        <Bullets>
          <li>ask for a summary of the personal information we hold about you;</li>
          <li>correct or update inaccurate information, much of which you can edit directly in your profile;</li>
          <li>ask us to delete your account and personal information;</li>
          <li>withdraw your consent or opt out of non-essential e-mails at any time;</li>
          <li>nominate another person to exercise these rights on your behalf in the event of death or incapacity.</li>
        </Bullets>
        <p>
          To exercise any of these rights, write to <SupportEmail />. We will respond within the time required by law.
        </p>
      </LegalSection>

      <LegalSection title="6. Children">
        <p>
          The Service is not directed to children under 18. Organisers who add a minor to a guest list must first obtain verifiable consent
          from the minor's parent or lawful guardian.
        </p>
      </LegalSection>

      <LegalSection title="7. Changes to this policy">
        <p>
          We may update this policy from time to time. If we make material changes we will notify you by e-mail or in the Service before
          they take effect. The date at the top of this page shows when the policy was last updated.
        </p>
      </LegalSection>

      <LegalSection title="8. Contact and grievance officer">
        <p>
          Questions, requests and complaints about this policy can be sent to our Grievance Officer at {COMPANY.name}, {COMPANY.address}, by
          e-mail to <SupportEmail /> or by telephone on{" "}
          <a href={COMPANY.phoneHref} className={textLink}>
            {COMPANY.phone}
          </a>
          .
        </p>
      </LegalSection>
    </LegalLayout>
  );
}

export function TermsOfServicePage() {
  const i18n = useI18n();
  return (
    <LegalLayout title={i18n._("Terms of Service")} englishOnly>
      <p>
        These Terms of Service ("Terms") are an agreement between you and {COMPANY.name} ("Experiences", "we", "us" or "our"), a company
        incorporated in India with its registered office at {COMPANY.address}. They govern your use of the Experiences website, web
        application and mobile apps (together, the "Service").
      </p>
      <p>
        By creating an account or using the Service you accept these Terms. If you use the Service for an organisation, you accept them on
        its behalf.
      </p>

      <LegalSection title="1. Your account">
        <Bullets>
          <li>You must be at least 18 years old and able to enter into a binding contract to create an account.</li>
          <li>Give accurate information when you register and keep it up to date.</li>
          <li>
            Keep your password and one-time passwords confidential. You are responsible for everything that happens under your account.
          </li>
          <li>Tell us promptly at {COMPANY.email} if you suspect unauthorised use of your account.</li>
        </Bullets>
      </LegalSection>

      <LegalSection title="2. Organisers and guests">
        <p>
          Organisers create experiences, build their itineraries and invite hosts and guests. If you are an organiser you are responsible
          for the content of your experiences and for having a lawful basis, including any consent required, to upload guest lists and other
          personal information and to contact your guests through the Service.
        </p>
        <p>
          Travel, accommodation, venue and other bookings shown in an itinerary are arrangements between the organiser, the guests and the
          relevant suppliers. Experiences is not a party to those arrangements and is not responsible for their performance.
        </p>
      </LegalSection>

      <LegalSection title="3. Your content">
        <p>
          You keep ownership of the itineraries, documents, posts, photos and other content you upload. You grant us a worldwide,
          non-exclusive, royalty-free licence to host, store, copy, display and transmit that content only as needed to operate and improve
          the Service and to show it to the people you share it with.
        </p>
      </LegalSection>

      <LegalSection title="4. Acceptable use">
        <p>You agree not to:</p>
        <Bullets>
          <li>break any law, or upload content that is unlawful, defamatory, obscene or that infringes the rights of others;</li>
          <li>send spam or unsolicited invitations to people who have not agreed to hear from you;</li>
          <li>get around privacy settings or access controls, or access experiences you have not been invited to;</li>
          <li>upload malware, probe or overload our systems, or scrape the Service by automated means;</li>
          <li>impersonate any person or misrepresent your connection with an organisation.</li>
        </Bullets>
      </LegalSection>

      <LegalSection title="5. Fees and payments">
        <Bullets>
          <li>
            Some features are offered for a fee. Prices are shown before you buy and exclude applicable taxes, such as GST, unless stated
            otherwise.
          </li>
          <li>
            Card payments are processed by our third-party payment processor under its own terms. We never receive or store your full card
            number.
          </li>
          <li>
            Subscriptions renew automatically for the same period until you cancel, and you authorise us to charge your card for each
            renewal. You can cancel at any time, effective at the end of the current billing period.
          </li>
          <li>Fees are non-refundable except where the law requires otherwise or we agree in writing.</li>
          <li>If a payment fails we may suspend paid features until the outstanding amount is paid.</li>
        </Bullets>
      </LegalSection>

      <LegalSection title="6. Our intellectual property">
        <p>
          The Service, including its software, design, logos and the Experiences name, belongs to us and our licensors. These Terms give you
          a limited, non-transferable right to use the Service; they do not transfer any ownership to you.
        </p>
      </LegalSection>

      <LegalSection title="7. Suspension and termination">
        <p>
          You may stop using the Service and delete your account at any time. We may suspend or close an account that breaches these Terms
          or puts other users or the Service at risk, and we will tell you why unless the law prevents us from doing so.
        </p>
      </LegalSection>

      <LegalSection title="8. Disclaimers and limitation of liability">
        <p>
          The Service is provided "as is" and "as available". To the fullest extent permitted by law we disclaim all implied warranties,
          including fitness for a particular purpose, and we are not liable for indirect, incidental or consequential losses, or for loss of
          profits, data or goodwill.
        </p>
        <p>
          Our total liability arising out of or relating to the Service is limited to the fees you paid us in the twelve months before the
          event giving rise to the claim.
        </p>
      </LegalSection>

      <LegalSection title="9. Governing law and disputes">
        <p>
          These Terms are governed by the laws of India. The courts at Bangalore, Karnataka have exclusive jurisdiction over any dispute
          arising out of or relating to these Terms or the Service.
        </p>
      </LegalSection>

      <LegalSection title="10. Changes and contact">
        <p>
          We may update these Terms from time to time and will notify you of material changes before they take effect. If you keep using the
          Service after that, you accept the updated Terms. Questions about these Terms can be sent to <SupportEmail />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}

function ContactCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100 ring-inset">
          {icon}
        </span>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      </div>
      <div className="mt-3 space-y-1 text-[15px] leading-6 text-slate-700">{children}</div>
    </div>
  );
}

export function ContactUsPage() {
  const i18n = useI18n();
  return (
    <LegalLayout title={i18n._("Contact Us")}>
      <p>
        {i18n._(
          "Whether you are planning your first experience or running your fiftieth, we are happy to help. Reach us by e-mail or phone, or write to our registered office.",
        )}
      </p>

      <div className="grid gap-4 pt-4 sm:grid-cols-2">
        <ContactCard title={i18n._("Registered office")} icon={<MapPinIcon />}>
          <address className="space-y-1 not-italic">
            <p className="font-semibold text-slate-900">{COMPANY.name}</p>
            <p>{COMPANY.address}</p>
          </address>
        </ContactCard>

        <ContactCard title={i18n._("Telephone")} icon={<PhoneIcon />}>
          <p>
            <a href={COMPANY.phoneHref} className={textLink}>
              {COMPANY.phone}
            </a>
          </p>
          <p className="text-sm text-slate-600">{i18n._("Monday to Friday, 9:30 am to 6:30 pm IST")}</p>
        </ContactCard>

        <ContactCard title={i18n._("Support e-mail")} icon={<MailOutlineIcon />}>
          <p>
            <SupportEmail />
          </p>
          <p className="text-sm text-slate-600">{i18n._("We aim to reply within one business day.")}</p>
        </ContactCard>

        <ContactCard title={i18n._("Demos and sales")} icon={<CalendarOutlineIcon />}>
          <p>
            <a href="mailto:demo@experiences.app?subject=Demo%20request" className={textLink}>
              {i18n._("Schedule a demo")}
            </a>
          </p>
          <p>
            <a href="https://wa.me/918045678900" target="_blank" rel="noopener noreferrer" className={textLink}>
              {i18n._("Chat with us on WhatsApp")}
            </a>
          </p>
        </ContactCard>
      </div>

      <LegalSection title={i18n._("Privacy requests and grievances")}>
        <p>
          {i18n._(
            'For questions about your personal information, or to raise a grievance under our Privacy Policy, e-mail our Grievance Officer at the support address above with the subject "Grievance". Please include:',
          )}
        </p>
        <Bullets>
          <li>{i18n._("your name and the e-mail address linked to your account;")}</li>
          <li>{i18n._("the experience concerned, if any;")}</li>
          <li>{i18n._("a short description of your request or complaint.")}</li>
        </Bullets>
        <p>{i18n._("We acknowledge grievances promptly and resolve them within the time required by applicable law.")}</p>
      </LegalSection>
    </LegalLayout>
  );
}
