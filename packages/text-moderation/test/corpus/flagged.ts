/**
 * The flagged side: explicit sexual text, slurs aimed at people, and threats of violence aimed at a person.
 * Test fixtures, written to be recognisably what they are and no more: adults only, nothing involving minors.
 * Threats are judged by a model only (docs/DECISIONS.md): the local checks let them through by design.
 */
import { MODEL_ONLY, REJECT, type CorpusItem, type Layout } from './types.js';

type Extra = Partial<Pick<CorpusItem, 'photo' | 'dark'>>;
const item =
  (category: string, expect: CorpusItem['expect']) =>
  (id: string, layout: Layout, text: string, openai: CorpusItem['openai'], extra: Extra = {}): CorpusItem => ({
    id: `${category}-${id}`,
    side: 'flagged',
    category,
    layout,
    text,
    expect,
    openai,
    ...extra,
  });

const sexual = item('sexual-explicit', REJECT);
const slur = item('slur', REJECT);
const threat = item('threat', MODEL_ONLY);

export const FLAGGED: CorpusItem[] = [
  sexual(
    'sexting-1',
    'chat',
    `Jay: can't stop thinking about last night
Kat: me neither, I want to ride your cock again
Jay: come over and I'll lick your wet pussy for an hour
Kat: fuck me hard this time`,
    { sexual: 0.98, harassment: 0.05 },
  ),
  sexual(
    'sexting-2',
    'chat',
    `Dan: so horny right now
Lea: send me a pic of your hard cock
Dan: only if I can cum on your tits later
Lea: deal ;)`,
    { sexual: 0.97 },
    { dark: true },
  ),
  sexual(
    'sexting-3',
    'chat',
    `Max: your blowjob last night was unreal
Zoe: I want to suck your dick again tonight
Max: I'll eat you out first
Zoe: can't wait`,
    { sexual: 0.98 },
  ),
  sexual(
    'dm-1',
    'post',
    `Brandon: hey sexy, wanna see my big dick?
Brandon: I'd fuck you so hard you couldn't walk
Brandon: let me finger your tight pussy`,
    { sexual: 0.96, harassment: 0.62 },
  ),
  sexual(
    'dm-2',
    'chat',
    `Chris: sit on my face tonight
Amy: only if you make me cum twice
Chris: I'll lick your clit until you beg`,
    { sexual: 0.97 },
  ),
  sexual(
    'story-1',
    'doc',
    `Chapter 3
She unbuttoned his jeans and stroked his throbbing cock.
He pushed her onto the bed and licked her pussy until she screamed.
Then he fucked her hard from behind while she moaned his name.`,
    { sexual: 0.99 },
  ),
  sexual(
    'story-2',
    'doc',
    `The Hotel Room
He pulled her dress off and sucked her nipples, then her swollen clit.
She begged him to fuck her harder and came all over his cock.`,
    { sexual: 0.99 },
  ),
  sexual(
    'porn-titles',
    'post',
    `Trending videos
Hot blonde gets gangbanged by five guys
Amateur creampie compilation 4K
Sloppy blowjob and cumshot in the car
Big tits MILF rides huge dildo`,
    { sexual: 0.99 },
  ),
  sexual(
    'porn-site',
    'article',
    `XXX Tube: Free Porn Videos
Categories: anal, blowjob, gangbang, creampie, bukkake, handjob
New today: busty babe deepthroating a huge cock
Sign up for full length HD sex videos`,
    { sexual: 0.99 },
  ),
  sexual(
    'escort-ad',
    'post',
    `Sexy Sophie, 25, incall and outcall
Full service: blowjob, doggystyle, anal extra
Let me ride your cock all night
Text for rates`,
    { sexual: 0.97, illicit: 0.31 },
  ),
  sexual(
    'forum',
    'post',
    `Rate my wife
Posted in Amateur
She loves sucking cock and taking it in her ass
Who wants to jerk off to her tits?`,
    { sexual: 0.98, harassment: 0.2 },
  ),
  sexual(
    'sexting-photo',
    'chat',
    `Rob: I'm so hard thinking about your tight pussy
Liv: I'm touching my clit right now
Rob: I want to fuck you until you cum`,
    { sexual: 0.98 },
    { photo: true },
  ),
  sexual(
    'comments',
    'post',
    `Top comments
"that handjob at 3:20 though"
"she deepthroated it like a pro"
"best cumshot on the site"`,
    { sexual: 0.97 },
  ),
  sexual(
    'hookup',
    'chat',
    `Sam: dtf tonight?
Jo: yes, come fuck my tight ass
Sam: I'll pound you so hard`,
    { sexual: 0.97 },
    { dark: true },
  ),

  slur(
    'bus',
    'chat',
    `Gary: saw a bunch of niggers at the station again
Pete: they should all go back where they came from`,
    { hate: 0.97, harassment: 0.9, 'hate/threatening': 0.21 },
  ),
  slur(
    'game-chat',
    'chat',
    `xXSniperXx: you stupid faggot, uninstall
xXSniperXx: go cry to your mum you fag`,
    { hate: 0.91, harassment: 0.95 },
    { dark: true },
  ),
  slur(
    'reply',
    'post',
    `@user you're a dirty kike and everyone knows it
bankers like you ruin everything`,
    { hate: 0.96, harassment: 0.93 },
  ),
  slur(
    'landlord',
    'chat',
    `Karen: the new tenants are chinks, the whole flat stinks
Mark: lol typical`,
    { hate: 0.93, harassment: 0.8 },
  ),
  slur(
    'workplace',
    'chat',
    `Steve: that paki from accounts got the promotion
Liam: you're such a retard for caring
Steve: he's a dirty paki, end of`,
    { hate: 0.95, harassment: 0.9 },
  ),
  slur(
    'tweet',
    'post',
    `Another wetback caught at the border, send them all back
#border #illegals`,
    { hate: 0.94, harassment: 0.7 },
  ),
  slur(
    'comment',
    'post',
    `Of course the spic stole it, they always do
Lock every one of these beaners up`,
    { hate: 0.96, harassment: 0.85 },
  ),
  slur(
    'tranny',
    'post',
    `Saw a tranny in the ladies toilets today
you trannies are disgusting freaks`,
    { hate: 0.92, harassment: 0.94 },
  ),
  slur(
    'raghead',
    'chat',
    `Dean: that raghead neighbour is at it again
Ian: towelheads everywhere now`,
    { hate: 0.95, harassment: 0.8 },
  ),
  slur(
    'gook',
    'post',
    `The gooks at the nail bar ripped me off again
never trust a gook`,
    { hate: 0.94, harassment: 0.82 },
  ),
  slur(
    'photo',
    'chat',
    `Ray: that nigger across the road is parking in my spot again
Ed: call the council on him`,
    { hate: 0.96, harassment: 0.88 },
    { photo: true },
  ),
  slur(
    'leet',
    'post',
    `lol look at this n1gger trying to act smart
dumb f4ggot`,
    { hate: 0.95, harassment: 0.93 },
  ),

  threat(
    'ex',
    'chat',
    `Unknown: I know where you live and I know when you get home
Unknown: I'm going to kill you, you won't see it coming`,
    { 'harassment/threatening': 0.97, violence: 0.93, harassment: 0.9 },
  ),
  threat(
    'colleague',
    'chat',
    `Mike: say one more word in that meeting and I will break your legs
Mike: I'm serious, I'll be waiting in the car park`,
    { 'harassment/threatening': 0.92, violence: 0.88, harassment: 0.85 },
  ),
  threat(
    'stab',
    'post',
    `@reporter keep writing about us and I'll stab you in your sleep
we know your address`,
    { 'harassment/threatening': 0.96, violence: 0.92 },
  ),
  threat('burn', 'chat', `Neighbour: touch my fence again and I will burn your house down with your kids inside`, {
    'harassment/threatening': 0.95,
    violence: 0.91,
  }),
  threat(
    'shoot',
    'post',
    `If you show up at the rally tomorrow I will shoot you
this is your only warning`,
    { 'harassment/threatening': 0.97, violence: 0.95 },
  ),
  threat(
    'school',
    'doc',
    `To the head teacher
You failed my son. Next week I am coming in with a knife and you will bleed.
Nobody will stop me.`,
    { 'harassment/threatening': 0.96, violence: 0.94 },
  ),
  threat(
    'hate-threat',
    'post',
    `Every one of you immigrants will be hanged when the day comes
We are coming for your families`,
    { 'hate/threatening': 0.88, hate: 0.9, 'harassment/threatening': 0.9, violence: 0.9 },
  ),
  threat(
    'debt',
    'chat',
    `Unknown: pay what you owe by Friday or we cut your fingers off
Unknown: we've already been to your mum's house`,
    { 'harassment/threatening': 0.94, violence: 0.9 },
    { dark: true },
  ),
];
