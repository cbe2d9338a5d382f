/**
 * Chats: one-to-one and group, as chat-message blocks (the bubble's side; the sender named above a bubble in a
 * group), and a team chat read as text only ("Name 10:42 AM" lines). Facts: every participant named in the summary,
 * the user's own messages as "You: …", a question asked in the summary.
 */
import { inNote, inSummary, page, phrase, textPage, you } from '../build.js';
import type { FactItem } from '../types.js';

export const chats: FactItem[] = [
  {
    id: 'chat-leo-sofa',
    kind: 'chat',
    language: 'eng',
    pages: [
      page('Screenshot_20250307-184211.png', 1080)
        .para('9:41 all 80%', 70)
        .para('< Leo Martins')
        .para('online')
        .msg('left', 'Hey, are we still on for moving the sofa on Saturday?')
        .msg('right', "Yes! I can come at 10 with my brother's van")
        .msg('left', 'Amazing. Can you bring the ratchet straps too?')
        .msg('right', "Sure, I'll grab them from the garage tonight")
        .msg('left', 'The new flat is on the third floor and there is no lift')
        .msg('right', 'Then pizza is on you afterwards')
        .msg('left', 'Deal, pizza and beer')
        .para('Message')
        .page(),
    ],
    facts: [
      inSummary('participant Leo', phrase('Leo', 'Leo Martins')),
      inSummary('You: I can come at 10', you("I can come at 10 with my brother's van")),
      inSummary('You: pizza is on you', you('Then pizza is on you afterwards')),
      inSummary('question: can you bring the ratchet straps', phrase('Can you bring the ratchet straps too')),
    ],
    furniture: ['online', 'Message'],
  },
  {
    id: 'chat-group-allotment',
    kind: 'chat',
    language: 'eng',
    pages: [
      page('allotment_group.png', 1080)
        .para('08:15 4G 64%', 70)
        .para('< Allotment crew')
        .para('Priya, Tom, Wen, You')
        .msg('left', "Who has the key to the shed? It's not under the pot anymore", 'Priya')
        .msg('left', "I took it home on Sunday, sorry! I'll drop it off tomorrow morning", 'Tom')
        .msg('left', 'The tomatoes need tying up before the wind on Thursday', 'Wen')
        .msg('right', 'I can do the tomatoes on Wednesday after work')
        .msg('left', "Thanks! I'll bring more canes", 'Priya')
        .msg('left', "And someone please empty the water butt, it's overflowing", 'Wen')
        .para('Type a message')
        .page(),
    ],
    facts: [
      inSummary('participant Priya', phrase('Priya')),
      inSummary('participant Tom', phrase('Tom')),
      inSummary('participant Wen', phrase('Wen')),
      inSummary('You: tomatoes on Wednesday', you('I can do the tomatoes on Wednesday after work')),
      inSummary('question: who has the key to the shed', phrase('Who has the key to the shed')),
    ],
    furniture: ['Priya, Tom, Wen, You', 'Type a message'],
  },
  {
    // A team chat on a laptop, read as text only: each message under "Name time".
    id: 'chat-team-release-train',
    kind: 'chat',
    language: 'eng',
    pages: [
      textPage(
        'slack_release.png',
        `# release-train
12 members
Dana Kim 10:42 AM
Heads up: the payments migration failed on staging again, same timeout as Monday
Luis Ortega 10:44 AM
I bumped the lock timeout to 30s last night, did that not go out?
Dana Kim 10:45 AM
It did, the job still dies after 60s. I think it's the index build on invoices
Mei Chen 10:51 AM
Can we ship 2.3 on Thursday instead of Wednesday? That gives us a day to split the migration
Luis Ortega 10:53 AM
+1, I'll split it into two steps and update the runbook
Dana Kim 10:54 AM
Agreed. Moving the release to Thursday, I'll tell support
Message #release-train`,
      ),
    ],
    facts: [
      inSummary('participant Dana Kim', phrase('Dana Kim', 'Dana')),
      inSummary('participant Luis Ortega', phrase('Luis Ortega', 'Luis')),
      inSummary('participant Mei Chen', phrase('Mei Chen', 'Mei')),
      inSummary('question: ship 2.3 on Thursday', phrase('Can we ship 2.3 on Thursday instead of Wednesday')),
      inNote('decision: release moved to Thursday', phrase('Moving the release to Thursday')),
    ],
    furniture: ['12 members', 'Message #release-train'],
  },
  {
    // A dark messenger: times inside the bubbles, "last seen" under the name.
    id: 'chat-mum-sunday-lunch',
    kind: 'chat',
    language: 'eng',
    pages: [
      page('IMG_7730.PNG', 1170)
        .para('9:41 all 80%', 66)
        .para('< Mum')
        .para('last seen today at 17:50')
        .msg('left', 'Are you coming for Sunday lunch? Dad is making his lamb 17:32')
        .msg('right', "Yes, I'll be there around 1 17:40")
        .msg('right', 'Can I bring Sofia? 17:40')
        .msg('left', 'Of course! Tell her to bring her appetite 17:45')
        .msg('left', 'Also could you pick up mint sauce on the way 17:46')
        .msg('right', 'Will do, and a bottle of red 17:48')
        .page(),
    ],
    facts: [
      inSummary('participant Mum', phrase('Mum')),
      inSummary('You: can I bring Sofia', you('Can I bring Sofia')),
      inSummary('question: coming for Sunday lunch', phrase('Are you coming for Sunday lunch')),
      inNote('asked: pick up mint sauce', phrase('pick up mint sauce')),
    ],
    furniture: ['last seen today at 17:50'],
  },
  {
    id: 'chat-es-cumple-lucia',
    kind: 'chat',
    language: 'spa',
    pages: [
      page('whatsapp_cumple.png', 1080)
        .para('21:03 all 80%', 70)
        .para('< Cumple de Lucía')
        .para('Marta, Javi, Tú')
        .msg('left', '¿Quién trae la tarta el sábado?', 'Marta')
        .msg('left', 'Yo me encargo de la tarta, la pido en la pastelería de la esquina', 'Javi')
        .msg('right', 'Yo llevo las velas y los globos')
        .msg('left', 'Perfecto. Quedamos a las seis en casa de Lucía', 'Marta')
        .msg('left', '¿Alguien sabe si viene su hermano?', 'Javi')
        .msg('right', 'Sí, llega de Valencia el viernes por la noche')
        .para('Escribe un mensaje')
        .page(),
    ],
    facts: [
      inSummary('participant Marta', phrase('Marta')),
      inSummary('participant Javi', phrase('Javi')),
      inSummary('You: velas y globos', you('Yo llevo las velas y los globos')),
      inSummary('question: quién trae la tarta', phrase('Quién trae la tarta el sábado')),
    ],
    furniture: ['Marta, Javi, Tú', 'Escribe un mensaje'],
  },
  {
    id: 'chat-sam-inspection',
    kind: 'chat',
    language: 'eng',
    pages: [
      page('telegram_sam.png', 1080)
        .para('9:41 all 80%', 70)
        .para('< Sam Whitfield')
        .para('last seen recently')
        .msg('left', 'Did you see the email about the flat inspection?')
        .msg('right', 'Yeah, Tuesday between 9 and 12')
        .msg('left', 'Ugh, I have a lecture then. Can you be there to let them in?')
        .msg('right', 'I can, but you owe me a coffee')
        .msg('left', 'Deal. The spare key is on the hook by the door')
        .para('Reply Share', 58)
        .page(),
    ],
    facts: [
      inSummary('participant Sam', phrase('Sam', 'Sam Whitfield')),
      inSummary('You: Tuesday between 9 and 12', you('Tuesday between 9 and 12')),
      inSummary('question: can you be there to let them in', phrase('Can you be there to let them in')),
    ],
    furniture: ['last seen recently', 'Reply Share'],
  },
];
