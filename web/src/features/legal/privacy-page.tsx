import { CONTACT_EMAIL, PRODUCT_NAME } from '../../lib/constants.js';
import { LegalLayout, type LegalSection } from './legal-layout.js';

const SECTIONS: LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <p>
        This Privacy Policy explains how {PRODUCT_NAME} collects, uses, shares and protects your information when you
        use our service to turn images into notes, and the choices and rights you have.
      </p>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <ul>
        <li>
          <strong>Personal data</strong> from your Google account when you sign in: your name, email address and profile
          picture.
        </li>
        <li>
          <strong>Uploaded content</strong>: the images you upload, the text extracted from them, and the titles, key
          points and summaries generated for them.
        </li>
        <li>
          <strong>Usage data</strong>: the pages you visit, the features you use, the number of uploads and words
          processed, and your subscription status.
        </li>
        <li>
          <strong>Device data</strong>: browser type, operating system, IP address and similar technical information
          sent by your browser.
        </li>
      </ul>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>to provide the service: extract text, check content for safety, generate summaries and keep your notes;</li>
        <li>to keep your account signed in and your notes available from any device;</li>
        <li>to enforce upload limits and manage your subscription;</li>
        <li>to understand how the service is used and improve it;</li>
        <li>to answer your feedback and support requests.</li>
      </ul>
    ),
  },
  {
    title: 'Third-Party Services',
    body: (
      <>
        <p>We share data only with the providers we need to run the service:</p>
        <ul>
          <li>
            <strong>OpenAI</strong>, our AI provider, may receive extracted text and images to produce titles, summaries
            and image descriptions and to check content for safety.
          </li>
          <li>
            <strong>Google (Firebase Authentication)</strong> handles sign-in with your Google account.
          </li>
          <li>
            <strong>Stripe</strong> processes subscription payments. We never see or store your full card details.
          </li>
          <li>
            <strong>Google Analytics</strong>, when enabled, records page views and product events.
          </li>
        </ul>
        <p>We do not sell your personal data.</p>
      </>
    ),
  },
  {
    title: 'Data Storage and Security',
    body: (
      <p>
        Your uploads and data are kept private: each account can see only its own notes. Data is encrypted in transit,
        stored with access controls, and every request to our server must carry your signed-in identity token. No method
        of transmission or storage is completely secure, but we work to protect your information.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <>
        <p>
          We keep your notes and uploaded images for as long as your account exists, or until you delete them. Deleting
          a note removes it and its images. Limited logs are kept for a short period for security and troubleshooting.
        </p>
        <p>Deleting your account (in Settings) deletes, at once:</p>
        <ul>
          <li>your profile (name, email, profile picture), your settings, every note and every uploaded image;</li>
          <li>the text and summaries of your uploads still held in our processing queue;</li>
          <li>the feedback you sent while signed in;</li>
          <li>
            your subscription, which is cancelled immediately with no further charges, and your customer record at
            Stripe (your email and name). Stripe keeps the records of past payments that the law requires it to keep.
          </li>
        </ul>
        <p>
          You are signed out on every device. If the payment provider cannot be reached, your account is not deleted and
          you are asked to try again, so that billing never continues after deletion. Your Google account itself is not
          affected.
        </p>
        <p>
          What we keep: the number of free uploads used in the current month, stored under a keyed one-way code of your
          sign-in identifier (not your name, email or identifier itself), with the time of the deletion. It stops
          deleting and signing up again from restarting your free allowance; it is never linked to a new account's
          content, and last month&apos;s counts are removed.
        </p>
      </>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you;
          </li>
          <li>
            <strong>correction</strong> of data that is inaccurate (you can also edit note titles yourself);
          </li>
          <li>
            <strong>deletion</strong> of your data and notes;
          </li>
          <li>
            <strong>restriction</strong> of, or objection to, how we process your data;
          </li>
          <li>
            <strong>portability</strong>: receiving your notes in a common format (Settings lets you export them as
            Markdown or JSON).
          </li>
        </ul>
        <p>To use these rights, contact us at the address below.</p>
      </>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        {PRODUCT_NAME} is not intended for children under 13, and we do not knowingly collect personal data from them.
        If you believe a child under 13 has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this Privacy Policy. We will change the “Last updated” date above and, for material changes,
        notify you in the service.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        For privacy questions or requests, write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or use the
        feedback form in the app.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={<p>Your privacy matters to us. This policy describes what happens to your data in {PRODUCT_NAME}.</p>}
      sections={SECTIONS}
    />
  );
}

export const PRIVACY_SECTION_COUNT = SECTIONS.length;
