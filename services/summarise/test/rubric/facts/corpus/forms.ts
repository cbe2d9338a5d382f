/**
 * Forms and settings pages: label–value pairs and checkboxes. Facts: two chosen "label: value" pairs, each in one key
 * point or one line of the summary (`where` says which: 'keyPoints' or 'note' = a key point or the summary).
 */
import { CHECKED, inKeyPoint, inNote, page, pair, textPage } from '../build.js';
import type { FactItem } from '../types.js';

export const forms: FactItem[] = [
  {
    id: 'form-notification-settings',
    kind: 'form',
    language: 'eng',
    pages: [
      page('Screenshot_settings.png', 1170)
        .para('9:41 all 80%', 70)
        .para('< Settings')
        .heading('Notifications')
        .para('[x] Email notifications')
        .para('[ ] SMS alerts')
        .para('[x] Push notifications')
        .field('Digest frequency', 'Weekly')
        .field('Quiet hours', '22:00 - 07:00')
        .field('Notification sound', 'Chime')
        .para('Save changes')
        .para('Home   Search   Inbox   Profile')
        .page(),
    ],
    facts: [
      inNote('Email notifications: on', pair('Email notifications', ...CHECKED)),
      inNote('Digest frequency: Weekly', pair('Digest frequency', 'Weekly')),
    ],
    furniture: ['< Settings', 'Save changes', 'Home Search Inbox Profile'],
  },
  {
    id: 'form-subscription-billing',
    kind: 'form',
    language: 'eng',
    pages: [
      page('billing.png', 1440)
        .para('Dashboard   Projects   Billing   Team   Docs')
        .heading('Billing & subscription')
        .field('Plan', 'Pro (annual)')
        .field('Seats', '5 of 10 used')
        .field('Next billing date', '12 April 2025')
        .field('Amount', '$480.00 / year')
        .field('Payment method', 'Visa •••• 4242')
        .field('Billing email', 'accounts@tidewater.io')
        .para('[ ] Send invoices to a second address')
        .para('Change plan   Cancel subscription')
        .page(),
    ],
    facts: [
      inKeyPoint('Plan: Pro (annual)', pair('Plan', 'Pro (annual)', 'Pro annual')),
      inNote('Next billing date: 12 April 2025', pair('Next billing date', '12 April 2025')),
    ],
    furniture: ['Dashboard Projects Billing Team Docs', 'Change plan', 'Cancel subscription'],
  },
  {
    // A paper application form, scanned: OCR read it as text only.
    id: 'form-job-application',
    kind: 'form',
    language: 'eng',
    pages: [
      textPage(
        'scan_0012.jpg',
        `RIVERSIDE COUNCIL - APPLICATION FOR EMPLOYMENT
Please complete in BLOCK CAPITALS
Full name: Daniel Okafor
Position applied for: Junior Data Analyst
Reference no.: RC-2025-118
Available from: 1 June 2025
Current notice period: 4 weeks
Do you hold a full driving licence? [x] Yes [ ] No
Preferred hours: Full time
How did you hear about us: Job fair at Leeds Beckett
Signature: D. Okafor   Date: 28/03/2025
Page 1 of 4`,
      ),
    ],
    facts: [
      inKeyPoint('Position applied for: Junior Data Analyst', pair('Position applied for', 'Junior Data Analyst')),
      inNote('Available from: 1 June 2025', pair('Available from', '1 June 2025')),
    ],
    furniture: ['Please complete in BLOCK CAPITALS', 'Page 1 of 4'],
  },
  {
    id: 'form-router-wifi',
    kind: 'form',
    language: 'eng',
    pages: [
      page('router_wifi.png', 1280)
        .para('Status   Network   Wireless   Security   System')
        .heading('Wireless settings')
        .field('Network name (SSID)', 'Casa-Lopez-5G')
        .field('Band', '5 GHz')
        .field('Security', 'WPA3-Personal')
        .field('Channel', '36 (auto)')
        .para('[x] Guest network')
        .field('Guest network name', 'Casa-Lopez-Guest')
        .para('[ ] Hide network name')
        .para('Apply   Cancel')
        .para('© 2025 Zyxel Networks. All rights reserved.')
        .page(),
    ],
    facts: [
      inNote('Network name (SSID): Casa-Lopez-5G', pair('Network name', 'Casa-Lopez-5G')),
      inNote('Security: WPA3-Personal', pair('Security', 'WPA3-Personal', 'WPA3')),
    ],
    furniture: ['Status Network Wireless Security System', 'Apply Cancel'],
  },
  {
    // A German account page: the summary is expected to keep the labels as printed.
    id: 'form-de-kontoeinstellungen',
    kind: 'form',
    language: 'deu',
    pages: [
      page('konto.png', 1170)
        .para('9:41 all 80%', 70)
        .heading('Kontoeinstellungen')
        .field('Name', 'Jana Becker')
        .field('E-Mail', 'jana.becker@posteo.de')
        .field('Sprache', 'Deutsch')
        .field('Zeitzone', 'Europe/Berlin (MEZ)')
        .para('[x] Newsletter abonnieren')
        .para('[ ] Zwei-Faktor-Authentifizierung')
        .field('Konto erstellt', '04.11.2021')
        .para('Speichern   Abbrechen')
        .page(),
    ],
    facts: [
      inNote('Zeitzone: Europe/Berlin', pair('Zeitzone', 'Europe/Berlin')),
      inNote('Newsletter abonnieren: on', pair('Newsletter abonnieren', ...CHECKED, 'ja', 'aktiviert')),
    ],
    furniture: ['Speichern Abbrechen'],
  },
];
