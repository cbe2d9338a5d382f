/**
 * Slides and lists: lecture and meeting slides, a checklist, a French slide, a workshop slide. Facts: every bullet is
 * its own key point, as printed; the counter ("Slide 14/32", "3 / 18") and the footer never are.
 */
import { inKeyPoint, page, point, textPage } from '../build.js';
import type { Fact, FactItem } from '../types.js';

const bullets = (list: readonly string[]): Fact[] => list.map((b) => inKeyPoint(`bullet "${b}"`, point(b)));

const WATER = [
  'Evaporation moves about 500,000 km³ of water into the air each year',
  'Most evaporation happens over the oceans, not over land',
  'Water vapour cools and condenses into clouds',
  'Precipitation returns water to the surface as rain, snow or hail',
  'Runoff and groundwater carry it back to rivers and seas',
];
const PRIORITIES = [
  'Ship the new mobile checkout to all customers by May 30',
  'Cut support response time to under 4 hours',
  'Hire two backend engineers for the payments team',
  'Finish the Berlin office move without downtime',
];
const THESIS = [
  'Check every figure has a caption and a source',
  'Run the reference list through the style checker',
  'Ask your supervisor to sign the submission form',
  'Export the PDF with all fonts embedded',
  'Upload it to the repository before the deadline',
  'Keep a backup copy on a USB drive',
];
const REVOLUTION = [
  "Une crise financière : l'État est au bord de la faillite",
  'Des récoltes désastreuses font exploser le prix du pain',
  'Les idées des Lumières remettent en cause la monarchie absolue',
  'Le tiers état refuse de payer seul les impôts',
];
const GIT = [
  'Branch from main, never from another feature branch',
  'Name branches type/short-description, e.g. fix/login-timeout',
  'Rebase on main before opening a pull request',
  'Squash-merge once two reviewers approve',
  'Delete the branch after merging',
];

export const slides: FactItem[] = [
  {
    id: 'slide-water-cycle',
    kind: 'slides',
    language: 'eng',
    pages: [
      page('lecture_geog110.png', 1920)
        .heading('The water cycle')
        .items('•', WATER)
        .para('GEOG 110 · Dr. Amin')
        .para('Slide 14/32')
        .page(),
    ],
    facts: bullets(WATER),
    furniture: ['GEOG 110 · Dr. Amin'],
  },
  {
    id: 'slide-q2-priorities',
    kind: 'slides',
    language: 'eng',
    pages: [
      page('allhands_q2.png', 1920)
        .heading('Q2 priorities')
        .items('1.', PRIORITIES)
        .para('Confidential - internal only')
        .para('3 / 18')
        .page(),
    ],
    facts: bullets(PRIORITIES),
    furniture: ['Confidential - internal only'],
  },
  {
    // A checklist in a notes app, read as text only, with the app's page counter.
    id: 'list-thesis-checklist',
    kind: 'slides',
    language: 'eng',
    pages: [
      textPage(
        'notes_thesis.png',
        ['9:41 all 80%', 'Before you submit your thesis', ...THESIS.map((t) => `• ${t}`), '2/5', 'Share   Edit'].join(
          '\n',
        ),
        'Before you submit your thesis',
      ),
    ],
    facts: bullets(THESIS),
    furniture: ['Share Edit'],
  },
  {
    id: 'slide-fr-revolution',
    kind: 'slides',
    language: 'fra',
    pages: [
      page('cours_histoire.png', 1920)
        .heading('Les causes de la Révolution française')
        .items('•', REVOLUTION)
        .para('Histoire - 4e B · M. Lefèvre')
        .para('5 / 20')
        .page(),
    ],
    facts: bullets(REVOLUTION),
    furniture: ['Histoire - 4e B'],
  },
  {
    id: 'slide-git-branching',
    kind: 'slides',
    language: 'eng',
    pages: [
      page('onboarding_git.png', 1920)
        .heading('Git branching rules')
        .items('-', GIT)
        .para('Platform guild · Onboarding week')
        .para('Slide 6 of 11')
        .page(),
    ],
    facts: bullets(GIT),
    furniture: ['Platform guild · Onboarding week'],
  },
];
