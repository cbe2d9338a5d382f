/**
 * Notes of several images: different pages uploaded together (a slide and a chat, a receipt and a budget, a trip's
 * three confirmations), where something distinctive from every page must be in the note; and overlapping scrolls (a
 * long chat or article in three screenshots, each repeating the app bar and the last lines of the one before), where
 * every message must be in the summary and no line twice.
 */
import {
  amount,
  inKeyPoint,
  inNote,
  inSummary,
  language,
  noRepeat,
  page,
  phrase,
  shop,
  inTitle,
  textPage,
  you,
} from '../build.js';
import type { Fact, FactItem, FactPage } from '../types.js';

export const multiImage: FactItem[] = [
  {
    id: 'multi-slide-and-chat',
    kind: 'multi-image',
    language: 'eng',
    pages: [
      page('bio_review_slide.png', 1920)
        .heading('Midterm review: cell division')
        .item('•', 'Mitosis makes two identical diploid cells')
        .item('•', 'Meiosis makes four haploid gametes')
        .item('•', 'Crossing over happens in prophase I')
        .para('BIO 110 · Slide 2/9')
        .page(),
      page('chat_noor.png', 1080)
        .para('9:41 all 80%', 70)
        .para('< Noor')
        .msg('left', 'Study group tomorrow before the midterm?')
        .msg('right', 'Yes please, where?')
        .msg('left', 'Library room B214 at 4, bring the practice questions')
        .page(),
    ],
    facts: [
      inNote('slide: mitosis makes two identical cells', phrase('two identical diploid cells'), 0),
      inNote('chat: room B214', phrase('B214'), 1),
      inSummary('chat: participant Noor', phrase('Noor'), 1),
    ],
  },
  {
    id: 'multi-receipt-and-budget',
    kind: 'multi-image',
    language: 'eng',
    pages: [
      textPage(
        'hardware_receipt.jpg',
        `CEDAR & SAGE HARDWARE
2291 Alder Ave, Portland OR 97214
04/12/2025 14:03
Tile adhesive 20lb          24.99
Grout, white 10lb           15.49
Notched trowel              12.98
Tile spacers (200)           6.49
Silicone sealant             8.79
SUBTOTAL                    68.74
TAX                          0.00
TOTAL                      $68.74
VISA ****1180
THANK YOU FOR SHOPPING LOCAL`,
      ),
      page('bathroom_budget.png', 1400)
        .heading('Bathroom renovation budget')
        .row('Item', 'Estimate', 'Spent')
        .row('Tiles', '$620', '$655')
        .row('Vanity unit', '$480', '$449')
        .row('Plumber', '$700', '$700')
        .row('Tools and materials', '$140', '$68.74')
        .row('Total', '$1,940', '$1,872.74')
        .page(),
    ],
    facts: [
      inTitle('receipt: shop in the title', shop('Cedar & Sage Hardware'), 0),
      inKeyPoint('receipt: total $68.74', amount(68.74), 0),
      inNote('budget: total estimate $1,940', amount(1940), 1),
    ],
    furniture: ['2291 Alder Ave', 'THANK YOU FOR SHOPPING LOCAL'],
  },
  {
    id: 'multi-trip-confirmations',
    kind: 'multi-image',
    language: 'eng',
    pages: [
      page('boarding.png', 1170)
        .heading('Booking confirmation')
        .field('Booking reference', 'QX7K2M')
        .field('Flight', 'LH 2471')
        .field('From', 'London Heathrow (LHR)')
        .field('To', 'Munich (MUC)')
        .field('Date', '14 May 2025')
        .field('Departs', '07:25')
        .field('Seat', '23C')
        .para('Add to wallet   Manage booking')
        .page(),
      page('hotel.png', 1170)
        .heading('Hotel Isarblick')
        .para('Your stay is confirmed')
        .field('Check-in', 'Wed 14 May 2025, from 15:00')
        .field('Check-out', 'Fri 16 May 2025, until 11:00')
        .field('Room', 'Double room, river view')
        .field('Confirmation no.', 'HX-88412')
        .field('Total price', '€372.00 (pay at the hotel)')
        .para('Zweibrückenstraße 12, 80331 München')
        .page(),
      page('agenda.png', 1920)
        .heading('Product summit - day 1')
        .item('•', 'Keynote: the next five years of the platform')
        .item('•', 'Workshop: pricing experiments that worked')
        .item('•', 'Panel: selling to hospitals')
        .para('Slide 1 of 12')
        .page(),
    ],
    facts: [
      inNote('flight LH 2471', phrase('LH 2471'), 0),
      inNote('hotel Isarblick', phrase('Isarblick'), 1),
      inNote('agenda: product summit', phrase('Product summit'), 2),
    ],
    furniture: ['Add to wallet Manage booking', 'Zweibrückenstraße 12, 80331 München', 'Slide 1 of 12'],
  },
];

type Message = [side: 'left' | 'right', text: string, sender?: string];

/** A chat in captures: each holds the status bar, the app bar and messages [from, to), overlapping the one before. */
function chatScroll(
  name: string,
  bar: string[],
  messages: readonly Message[],
  captures: [number, number][],
  footer?: string,
): FactPage[] {
  return captures.map(([from, to], i) => {
    const b = page(`${name}_${i + 1}.png`, 1080).para('9:41 all 80%', 70);
    for (const line of bar) b.para(line);
    for (const [side, text, sender] of messages.slice(from, to)) b.msg(side, text, sender);
    if (footer) b.para(footer);
    return b.page();
  });
}

/** Every message in the summary (tagged with the capture it first shows in) and no line repeated. */
function scrollFacts(messages: readonly Message[], captures: [number, number][]): Fact[] {
  const firstIn = (m: number) => captures.findIndex(([from, to]) => m >= from && m < to);
  return [
    ...messages.map(([, text], m) => inSummary(`message "${text}"`, phrase(text), firstIn(m))),
    inSummary('no line twice', noRepeat),
  ];
}

const CLIMBING: Message[] = [
  ['left', "Who's in for the crag on Saturday?", 'Aisha'],
  ['left', 'Me! Can someone give me a lift from the station?', 'Ben'],
  ['right', 'I can pick you up at half eight'],
  ['left', "I'm in, but only until 3, I have a wedding in the evening", 'Carlos'],
  ['left', 'Forecast says dry until the afternoon', 'Aisha'],
  ['left', 'Should we bring the second rope for the long routes?', 'Ben'],
  ['right', "Yes, I'll bring mine and the quickdraws"],
  ['left', "Don't forget the guidebook, last time we got lost on the approach", 'Carlos'],
  ['left', 'Meet at the lay-by car park at 9 then', 'Aisha'],
  ['right', "See you all there, I'll bring coffee"],
];
const CLIMBING_CAPTURES: [number, number][] = [
  [0, 4],
  [2, 7],
  [5, 10],
];

const TEXEL: Message[] = [
  ['left', 'Found a cheap ferry to Texel for the long weekend'],
  ['right', 'Nice! Which day does it leave?'],
  ['left', 'Friday at 7 in the morning from Den Helder'],
  ['right', "That's early. Can we take the train up on Thursday night?"],
  ['left', "Good idea, there's a hostel near the harbour for 32 euros"],
  ['right', "Book it, I'll sort the bikes"],
  ['left', 'Do you still have the panniers from last summer?'],
  ['right', 'Yes, both of them, and the repair kit'],
  ['left', "Perfect. I'll send you the tickets tonight"],
];
const TEXEL_CAPTURES: [number, number][] = [
  [0, 4],
  [2, 7],
  [5, 9],
];

const FERRY = [
  'For forty-one years, Donald Ross has carried passengers across the narrow strait between Inverness and North Kessock in a wooden boat he built himself.',
  'The bridge that opened in 1982 was supposed to put him out of business, and for a while it did: the car ferry stopped the week the bridge opened.',
  'But walkers and cyclists kept asking for the old crossing, and in 1990 Ross began running a small passenger boat on summer weekends.',
  'Today he makes up to twelve crossings a day between May and September, and dolphins often follow the boat into the firth.',
  "He charges four pounds a trip and refuses to take card payments, which he calls 'a fuss for nothing'.",
  "At seventy-three, Ross says this will be his last season. His granddaughter Kirsty, who has just passed her skipper's licence, hopes to take over the crossing next year.",
  'The council has offered to pay for a new engine if she does.',
];
const FERRY_BAR = ['9:41 all 80%', '< The Harbour Times'];

export const scrolls: FactItem[] = [
  {
    // The composer bar ("Message") stands at the foot of every capture, as in a real chat app.
    id: 'scroll-group-climbing',
    kind: 'scroll',
    language: 'eng',
    pages: chatScroll(
      'climbing',
      ['< Climbing crew', 'Aisha, Ben, Carlos, You'],
      CLIMBING,
      CLIMBING_CAPTURES,
      'Message',
    ),
    facts: [
      ...scrollFacts(CLIMBING, CLIMBING_CAPTURES),
      inSummary('participants Aisha, Ben, Carlos', phrase('Carlos')),
      inSummary('You: pick Ben up', you('I can pick you up at half eight')),
    ],
    furniture: ['Aisha, Ben, Carlos, You', 'Message'],
  },
  {
    id: 'scroll-jonas-texel',
    kind: 'scroll',
    language: 'eng',
    pages: chatScroll('texel', ['< Jonas de Vries', 'online'], TEXEL, TEXEL_CAPTURES),
    facts: [
      ...scrollFacts(TEXEL, TEXEL_CAPTURES),
      inSummary('participant Jonas', phrase('Jonas', 'Jonas de Vries')),
      inSummary('You: book it', you("Book it, I'll sort the bikes")),
    ],
    furniture: ['online'],
  },
  {
    id: 'scroll-article-ferryman',
    kind: 'scroll',
    language: 'eng',
    shortSummary: true,
    pages: [
      textPage('ferry_1.png', [...FERRY_BAR, 'The last ferryman of Kessock', ...FERRY.slice(0, 3)].join('\n')),
      textPage('ferry_2.png', [...FERRY_BAR, ...FERRY.slice(1, 5)].join('\n')),
      textPage('ferry_3.png', [...FERRY_BAR, ...FERRY.slice(3, 7), 'Share   Save'].join('\n')),
    ],
    facts: [
      inNote('capture 1: forty-one years', phrase('forty-one years'), 0),
      inNote('capture 2: twelve crossings a day', phrase('twelve crossings a day'), 1),
      inNote('capture 3: his last season', phrase('his last season'), 2),
      inSummary('no line twice', noRepeat),
      inSummary('summary in English', language('eng')),
    ],
    furniture: ['< The Harbour Times', 'Share Save'],
  },
];
