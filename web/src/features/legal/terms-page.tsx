import { Link } from 'react-router-dom';
import { CONTACT_EMAIL, PRODUCT_NAME } from '../../lib/constants.js';
import { LegalLayout, type LegalSection } from './legal-layout.js';

const SECTIONS: LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <>
        <p>
          These Terms of Service (the “Terms”) govern your use of {PRODUCT_NAME} (the “Service”), a web application that
          turns images containing text, such as screenshots and photos of slides, into organised, searchable notes with
          AI-generated summaries.
        </p>
        <p>By signing in to or using the Service you agree to these Terms. If you do not agree, do not use it.</p>
      </>
    ),
  },
  {
    title: 'Using the Service',
    body: (
      <>
        <p>You may use the Service for lawful, personal or professional note-taking. You agree not to:</p>
        <ul>
          <li>upload images that are illegal, sexually explicit, violent, hateful or that infringe others’ rights;</li>
          <li>upload personal data of other people unless you are allowed to do so;</li>
          <li>try to disrupt, overload, reverse-engineer or gain unauthorised access to the Service;</li>
          <li>use automated means to upload content beyond the published limits.</li>
        </ul>
        <p>
          Every image is checked for content and safety before it is processed. Images that are flagged are not
          processed. Free accounts have a limited number of uploads each month; a Premium subscription (monthly or
          annual) gives unlimited uploads, priority processing and enhanced summaries. Uploads are limited to 10 images
          at a time and to a maximum of 10 screenshots every 5 minutes.
        </p>
      </>
    ),
  },
  {
    title: 'Account Registration',
    body: (
      <>
        <p>
          You sign in with a Google account; we do not offer password accounts. You are responsible for keeping your
          Google account secure and for all activity under your account.
        </p>
        <p>
          The Service is not intended for children under 13, and you must be at least 13 years old (or the minimum age
          of digital consent in your country, if higher) to use it.
        </p>
      </>
    ),
  },
  {
    title: 'Content and Ownership',
    body: (
      <>
        <p>
          You keep ownership of the images you upload and of the notes created from them. You grant {PRODUCT_NAME} a
          worldwide, non-exclusive, royalty-free licence to store, copy, process and display that content for the
          purpose of operating, providing and improving the Service.
        </p>
        <p>
          AI-generated titles, key points and summaries can contain mistakes. Check important information against the
          original text before relying on it.
        </p>
      </>
    ),
  },
  {
    title: 'Privacy',
    body: (
      <p>
        Our <Link to="/privacy-policy">Privacy Policy</Link> explains what data we collect, how we use it, which third
        parties process it and the rights you have over it. It forms part of these Terms.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”, without warranties of any kind, including accuracy of text
          extraction or summaries, availability, or fitness for a particular purpose.
        </p>
        <p>
          To the fullest extent permitted by law, {PRODUCT_NAME} is not liable for indirect, incidental, special or
          consequential damages, or for loss of data, profits or goodwill. Our total liability for any claim is limited
          to the amount you paid us in the twelve months before the claim.
        </p>
      </>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms from time to time. We will change the “Last updated” date above and, for material
        changes, tell you in the Service. Continuing to use the Service after a change means you accept the new Terms.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <>
        <p>
          You may stop using the Service at any time and cancel a subscription through the payment provider; a cancelled
          subscription stays active until the end of the period already paid.
        </p>
        <p>
          We may suspend or close accounts that break these Terms or put the Service or other users at risk. When an
          account is closed, its notes and uploaded images are deleted.
        </p>
      </>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These Terms are governed by the laws of the country in which the operator of {PRODUCT_NAME} is established,
        without regard to conflict-of-law rules. Nothing in these Terms limits rights you have under mandatory
        consumer-protection law where you live.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        Questions about these Terms? Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or use the
        feedback form in the app.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={<p>Please read these terms carefully before using {PRODUCT_NAME}.</p>}
      sections={SECTIONS}
    />
  );
}
